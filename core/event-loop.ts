import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long CPU work in the server's own process (a pipeline run inside `c360 serve`) must leave the
 * event loop free often enough that requests keep being answered (issue 25). A slicer lets a loop
 * give the loop one turn (after pending I/O, via setImmediate) once `budgetMs` of uninterrupted work
 * has passed; between turns it costs one clock read, so it can sit in a loop of small steps.
 */
export type TimeSlicer = () => Promise<void> | undefined;

/** Default slice: well below the 200 ms a request may wait at p99, with room for the request itself. */
export const SLICE_MS = 10;

export function createTimeSlicer(budgetMs = SLICE_MS): TimeSlicer {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}

/** One event-loop turn, unconditionally (between batches, before a query). */
export function yieldToEventLoop(): Promise<void> {
  return nextTurn().then(() => undefined);
}
