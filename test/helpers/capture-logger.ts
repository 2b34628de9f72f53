import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '../../core/logger';

/** A real pino logger whose JSON lines are kept in memory, for tests that read the logs. */
export function captureLogger(level = 'info'): { logger: Logger; lines: () => Record<string, unknown>[]; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const logger = pino({ level, base: undefined }, stream) as unknown as Logger;
  const text = () => chunks.join('');
  return {
    logger,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}
