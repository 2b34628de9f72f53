import { commandNamed, createProgram } from './program';
import { reportError } from './output';

/**
 * A reader that goes away (`c360 review | head`, a closed terminal) makes the next write fail with
 * EPIPE, emitted on the stream: unhandled, Node prints a stack trace. Once here, for every
 * command: further output to that stream is dropped and the command ends as it would have.
 */
export function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    stream.write = (() => true) as typeof stream.write;
  });
}

endQuietlyOnClosedPipe(process.stdout);
endQuietlyOnClosedPipe(process.stderr);

try {
  await (await createProgram(commandNamed(process.argv))).parseAsync(process.argv);
} catch (error) {
  // The only place that reads the environment outside config: the error printer must work
  // even when the configuration itself is what failed.
  process.exitCode = reportError(error, process.env.C360_DEBUG === '1');
}
