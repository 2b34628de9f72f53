import { EventEmitter } from 'node:events';

/** A terminal-like stream that keeps what Ink writes (for tests of the CLI's live views). */
export class FakeTerminal extends EventEmitter {
  readonly isTTY = true;
  readonly columns = 120;
  readonly rows = 40;
  readonly writes: string[] = [];
  write(chunk: string): boolean {
    this.writes.push(chunk);
    return true;
  }
  /** Everything written, without ANSI escapes. */
  get text(): string {
    return this.writes.join('').replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
  }
}

/** Ink draws only the final frame when CI or CONTINUOUS_INTEGRATION is set (its is-in-ci check), as CI runs these tests. */
export const inkDrawsLive = !['CI', 'CONTINUOUS_INTEGRATION'].some((k) => k in process.env && process.env[k] !== '0' && process.env[k] !== 'false');
