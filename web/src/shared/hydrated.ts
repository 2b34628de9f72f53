import { useEffect, useState } from 'react';

/**
 * False on the server and during hydration, true from the render after. The app starts after the
 * page's first paint, so a reader can type into a form before it runs: its submit button waits for
 * this (a submit before then would be the browser's own, a GET that puts what was typed, a
 * password too, in the address), and the form reads what was typed from the fields.
 * (An effect, not useSyncExternalStore's server snapshot: Preact's compatibility layer ignores it.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
