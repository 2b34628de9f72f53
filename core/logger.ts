import pino from 'pino';

/** The narrow logger core functions accept; pino satisfies it, and tests pass a silent one. */
export type Logger = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error: (obj: object | string, msg?: string) => void;
  debug: (obj: object | string, msg?: string) => void;
  child: (bindings: Record<string, unknown>) => Logger;
};

/**
 * Logs go to stderr as JSON lines, so stdout stays clean for --json output and pipes. A caller may
 * pass another destination (the CLI holds lines back while a progress view owns the terminal).
 */
export function createLogger(level: string, destination: { write: (chunk: string) => unknown } = pino.destination(2)): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['*.password', '*.token', '*.secret', '*.apiKey', 'req.headers.cookie', 'req.headers.authorization', 'req.headers["x-sanity-secret"]'],
        censor: '[redacted]',
      },
    },
    destination as pino.DestinationStream,
  ) as unknown as Logger;
}

export const silentLogger: Logger = pino({ level: 'silent' }) as unknown as Logger;
