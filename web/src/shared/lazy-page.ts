import { createElement, lazy, type ComponentType } from 'react';

export type LazyPage<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A page whose code loads on demand, and can be loaded ahead: the browser loads the code of the
 * page in view before it hydrates the server's HTML, and the server before it renders, so neither
 * ever suspends on it (no fallback, no hydration of a suspended tree). Pages reached later by a
 * link load as React.lazy does, under the nearest Suspense.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (loaded) => void (component = loaded),
      (error: unknown) => {
        pending = undefined; // a failed chunk (offline, a new deploy) can be tried again
        throw error;
      },
    ));
  const Deferred = lazy(() => preload().then(() => ({ default: component! })));
  const Page = (props: P) => (component ? createElement(component, props) : createElement(Deferred as ComponentType<P>, props));
  return Object.assign(Page, { preload });
}
