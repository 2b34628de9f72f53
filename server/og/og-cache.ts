import { renderOgCard } from './og-card';

/**
 * Rendered cards by (title, region): at most `maxEntries` in memory (least recently used goes
 * first), one render per key at a time, at most `concurrency` renders at once so a burst of
 * distinct titles cannot take every core.
 */
export class OgImageCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: { maxEntries: number; concurrency: number } = { maxEntries: 200, concurrency: 2 }) {}

  async get(title: string, region: string): Promise<Buffer> {
    const key = `${region}\u0000${title}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.render(title, region).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const png = await pending;
    this.entries.set(key, png);
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return png;
  }

  has(title: string, region: string): boolean {
    return this.entries.has(`${region}\u0000${title}`);
  }

  get size(): number {
    return this.entries.size;
  }

  private async render(title: string, region: string): Promise<Buffer> {
    if (this.running >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await renderOgCard({ title, region });
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
