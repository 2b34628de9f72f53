import { useEffect, type AnchorHTMLAttributes } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A link inside the app that costs nothing to hydrate: a plain anchor, opened in the app by one
 * listener for the whole document (useAppLinks). A react-router Link runs a dozen hooks, and a
 * home page hydrates about fifty links: on a phone that was a quarter of hydration's long task.
 * Use it for absolute paths; relative ones ("?offset=20") stay react-router Links.
 */
export function AppLink({ to, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  return <a {...props} href={to} data-app-link="" />;
}

/** Opens AppLinks in the app; a click with a modifier key, or on a link with a target, is the browser's. */
export function useAppLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-app-link]') : null;
      if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const path = url.pathname + url.search + url.hash;
      // As a Link does: following a link to the page in view replaces it in the history.
      navigate(path, { replace: path === window.location.pathname + window.location.search + window.location.hash });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
