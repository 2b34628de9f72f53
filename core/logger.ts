import { styleText } from 'node:util';
import pino from 'pino';

/** The narrow logger core functions accept; pino satisfies it, and tests pass a silent one. */
export type Logger = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error: (obj: object | string, msg?: string) => void;
  debug: (obj: object | string, msg?: string) => void;
  child: (bindings: Record<string, unknown>) => Logger;
};

type Destination = { write: (chunk: string) => unknown };
export type LogFormat = 'pretty' | 'json';

/**
 * `auto` is readable lines for a person at a terminal and JSON for everything else (a pipe, a
 * file, journald, a log collector). NODE_ENV=production has already turned `auto` into `json`
 * in the configuration, so a production server on a terminal still logs JSON.
 */
export function chooseLogFormat(configured: 'auto' | LogFormat, stderrIsTerminal: boolean): LogFormat {
  if (configured !== 'auto') return configured;
  return stderrIsTerminal ? 'pretty' : 'json';
}

/**
 * Logs go to stderr, so stdout stays clean for --json output and pipes. A caller may pass another
 * destination (the CLI holds lines back while a progress view owns the terminal). In `pretty`
 * format each JSON line pino writes is turned into one short line before it reaches the
 * destination, so held lines come out formatted too.
 */
export function createLogger(level: string, destination?: Destination, options: { format?: LogFormat; color?: boolean } = {}): Logger {
  // Readable lines go to a person's terminal, in order with the rest of what the command prints
  // there, so they are written synchronously; JSON lines keep pino's asynchronous writes.
  const out = destination ?? pino.destination({ dest: 2, sync: options.format === 'pretty' });
  const target = options.format === 'pretty' ? prettyDestination(out, { color: options.color ?? false }) : out;
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['*.password', '*.token', '*.secret', '*.apiKey', 'req.headers.cookie', 'req.headers.authorization', 'req.headers["x-sanity-secret"]'],
        censor: '[redacted]',
      },
    },
    target as pino.DestinationStream,
  ) as unknown as Logger;
}

/**
 * A logger for the request line of the fast lane (server/fast-lane.ts), whose fields are fixed
 * and already redacted (id, method, redacted URL, status, time): redaction's search for secret
 * fields costs as much as the rest of the line and can find nothing there, so this child has
 * none. Any other logger (a test's) is returned as it is.
 */
export function fixedShapeLogger(logger: Logger): Logger {
  if (!('levels' in logger)) return logger; // not pino
  return (logger as unknown as pino.Logger).child({}, { redact: [] }) as unknown as Logger;
}

export const silentLogger: Logger = pino({ level: 'silent' }) as unknown as Logger;

function prettyDestination(destination: Destination, options: { color: boolean }): Destination {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line !== '') destination.write(`${formatLogLine(line, options)}\n`);
      return true;
    },
  };
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const LEVEL_STYLE: Record<string, Parameters<typeof styleText>[0]> = { trace: 'gray', debug: 'gray', warn: 'yellow', error: 'red', fatal: 'red' };
/** Fields shown in the line itself, or noise for a person reading along (pino's own bookkeeping). */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'req', 'res', 'responseTime', 'err', 'reqId']);
const MAX_VALUE = 120;

/**
 * One JSON log line as a person reads it: `14:02:31 WARN message key=value …`. Info lines carry no
 * level word (they are most lines); a request line reads `GET /api/home 200 4 ms`; an error keeps
 * its message, and its stack at error level and above. A line that is not JSON passes unchanged.
 */
export function formatLogLine(line: string, options: { color?: boolean } = {}): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return line;
    entry = parsed as Record<string, unknown>;
  } catch {
    return line;
  }
  const paint = (style: Parameters<typeof styleText>[0], text: string) => (options.color ? styleText(style, text) : text);
  const level = LEVELS[Number(entry.level)] ?? 'info';
  const parts: string[] = [];
  const time = typeof entry.time === 'number' ? new Date(entry.time) : null;
  if (time) parts.push(paint('dim', [time.getHours(), time.getMinutes(), time.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':')));
  if (level !== 'info') parts.push(paint(LEVEL_STYLE[level] ?? 'reset', level.toUpperCase()));

  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req?.method && res?.statusCode !== undefined) {
    parts.push(`${req.method} ${req.url ?? ''} ${res.statusCode}${typeof entry.responseTime === 'number' ? ` ${Math.round(entry.responseTime)} ms` : ''}`);
  } else if (typeof entry.msg === 'string') {
    parts.push(entry.msg);
  }
  const err = entry.err as { message?: string; stack?: string } | undefined;
  if (err?.message) parts.push(`— ${err.message}`);
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN.has(key) || value === undefined) continue;
    const text = typeof value === 'string' ? (/[\s"=]/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value);
    parts.push(paint('dim', `${key}=${text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text}`));
  }
  let out = parts.join(' ');
  if (err?.stack && Number(entry.level) >= 50) out += `\n${err.stack.split('\n').slice(1).join('\n')}`;
  return out;
}
