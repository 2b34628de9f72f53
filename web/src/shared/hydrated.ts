import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true from the render after (and at once on a page
 * the browser renders itself). The app starts after the page's first paint, so a reader can type
 * into a form before it runs: its submit button waits for this (a submit before then would be the
 * browser's own, a GET that puts what was typed, a password too, in the address), and the form
 * reads what was typed from the fields. React hydrates with the server snapshot (false), so the
 * hydrating render matches the server's HTML, then renders again with true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
