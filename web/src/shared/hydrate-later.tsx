import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Hydrating a server-rendered page is work a phone does before the page answers a tap. A part of
 * a page wrapped in HydrateLater is a Suspense boundary of its own, and React hydrates such a
 * boundary apart from the rest (selective hydration): the page around it first, then the
 * boundary at low priority in short tasks the browser can interrupt for input. Meanwhile its
 * server HTML stays on screen as it is, and a tap inside it hydrates it at once and is replayed.
 * On a page the browser renders itself (a later navigation), it is its children and nothing more.
 */
let pending = 0;
let settle: (() => void) | null = null;

function check(): void {
  if (pending === 0 && settle) {
    settle();
    settle = null;
  }
}

/**
 * Resolves once every HydrateLater part of the page has hydrated. Call it once the root's first
 * commit is done (its effects have run): the parts register in that commit.
 */
export function laterPartsHydrated(): Promise<void> {
  return new Promise<void>((resolve) => {
    settle = resolve;
    check();
  });
}

function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  const done = useRef(false);
  // Counted in the commit that places the boundary (a layout effect, before any effect inside it).
  useLayoutEffect(() => {
    if (done.current) return;
    pending += 1;
    return () => {
      if (done.current) return;
      pending -= 1;
      check();
    };
  }, []);
  const onHydrated = useCallback(() => {
    if (done.current) return;
    done.current = true;
    pending -= 1;
    check();
  }, []);
  return (
    <Suspense fallback={null}>
      {children}
      <Hydrated onHydrated={onHydrated} />
    </Suspense>
  );
}
