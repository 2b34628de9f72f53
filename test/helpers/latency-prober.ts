import { Worker } from 'node:worker_threads';

/**
 * Probes a server's paths at a steady pace from a thread of its own, so that a server whose event
 * loop is blocked (in this same process) cannot also hold back the probes and hide its own stall:
 * each probe's latency runs from its sending to the end of its answer's body. Used by the test and the bench
 * of "the server answers during a pipeline run" (issue 25).
 */

export type ProbeSample = { path: string; ms: number; status: number };
export type ProbeSummary = { count: number; p50: number; p99: number; max: number; failed: number };

// Plain JavaScript (an eval'd worker is not compiled): one probe per path every intervalMs, one at a time.
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, paths, intervalMs, timeoutMs } = workerData;
const samples = [];
let stopped = false;
parentPort.on('message', () => { stopped = true; });
(async () => {
  let due = performance.now();
  while (!stopped) {
    for (const path of paths) {
      const started = performance.now();
      let status = 0;
      try {
        const res = await fetch(base + path, { signal: AbortSignal.timeout(timeoutMs) });
        await res.arrayBuffer();
        status = res.status;
      } catch {}
      samples.push({ path, ms: performance.now() - started, status });
    }
    due += intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else due = performance.now();
  }
  parentPort.postMessage(samples);
})();
`;

export function startProber(options: { base: string; paths: readonly string[]; intervalMs: number; timeoutMs?: number }): {
  stop: () => Promise<ProbeSample[]>;
} {
  const worker = new Worker(PROBER, { eval: true, workerData: { ...options, timeoutMs: options.timeoutMs ?? 60_000 } });
  const result = new Promise<ProbeSample[]>((resolve, reject) => {
    worker.once('message', (samples: ProbeSample[]) => resolve(samples));
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const samples = await result;
      await worker.terminate();
      return samples;
    },
  };
}

/** Percentiles of one path's latencies (nearest rank); `failed` counts answers that were not 200. */
export function summarise(samples: readonly ProbeSample[], path: string): ProbeSummary {
  const mine = samples.filter((s) => s.path === path);
  const sorted = mine.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : Number.NaN);
  return { count: mine.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN, failed: mine.filter((s) => s.status !== 200).length };
}
