import './styles.css';

/**
 * The page's first script. Public pages arrive rendered by the server, so the reader can start
 * reading before any of the app's code runs: the app (React, the router, the page) is fetched and
 * hydrated after the browser has painted that HTML, and never competes with it on a slow link.
 * A frame callback runs just before a paint; the timeout queued from it runs just after. A hidden
 * tab paints nothing, so the app also starts on its own after a short wait.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./entry-client');
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
