import { Suspense, type ReactNode } from 'react';

/**
 * Hydrating a server-rendered page is one long task, and on a phone one task of 100 ms blocks
 * input for all of it. Parts of a page wrapped in HydrateLater are hydrated in a task of their
 * own, after the rest: while they wait, Preact keeps their server markup on screen as it is (a
 * component that suspends during hydration keeps its DOM and resumes on it). Elsewhere (on the
 * server, after the first hydration, on a page the browser draws itself) it changes nothing.
 */
let later: Promise<void> | null = null;

/** Called by the browser's entry just before it hydrates; resolves once the later parts have hydrated. */
export function hydrateInTwoTasks(): Promise<void> {
  const pending = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
    later = null;
  });
  later = pending;
  // The resumed parts render on Preact's next render pass (a microtask); a task later they are done.
  return pending.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

function Gate({ children }: { children: ReactNode }) {
  if (later) throw later;
  return <>{children}</>;
}

/** `children` must be one element: Preact resumes hydrating at the element it kept. */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
