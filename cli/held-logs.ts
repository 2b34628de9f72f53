/**
 * Log lines held back while a live progress view owns the terminal: JSON lines written between
 * Ink's frames would be torn up by the next redraw. The logger writes here; release() prints what
 * was held, in order, once the view has ended, and from then on lines pass straight through.
 * Memory is bounded: past MAX_HELD lines the rest are counted and the count is printed instead.
 */
const MAX_HELD = 5_000;

export class HeldLogs {
  private held: string[] = [];
  private dropped = 0;
  private target: { write: (chunk: string) => unknown } | null = null;

  write(chunk: string): boolean {
    if (this.target) this.target.write(chunk);
    else if (this.held.length < MAX_HELD) this.held.push(chunk);
    else this.dropped++;
    return true;
  }

  release(target: { write: (chunk: string) => unknown }): void {
    if (this.target) return;
    this.target = target;
    for (const chunk of this.held) target.write(chunk);
    if (this.dropped) target.write(`c360: ${this.dropped} more log line(s) were written during the progress display and not kept.\n`);
    this.held = [];
    this.dropped = 0;
  }
}
