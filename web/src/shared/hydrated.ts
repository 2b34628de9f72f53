import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the browser hydrates, true from the first render after. The app
 * starts after the page's first paint, so a reader can type into a form before it runs: its submit
 * button waits for this (a submit before then would be the browser's own, a GET that puts what was
 * typed, a password too, in the address), and the form reads what was typed from the fields.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
