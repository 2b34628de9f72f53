import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadPage } from './App';
import type { InitialData } from './data/route-data';
import type { SiteConfig } from './data/site-config';
import { loadDictionary, parseLanguage, type Language } from './i18n/i18n';
import { Root } from './Root';
import { prepareFormats } from './shared/format';
import { laterPartsHydrated } from './shared/hydrate-later';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Root element not found');

// The server renders public pages in English with their data in a JSON block (a CSP-safe
// script that never executes); the reader's language is applied right after hydration.
const dataBlock = document.getElementById('c360-data');
const boot = dataBlock?.textContent
  ? (JSON.parse(dataBlock.textContent) as { initial: InitialData; language: string; site?: SiteConfig; origin?: string })
  : null;
const wanted: Language = parseLanguage(document.cookie.match(/(?:^|;\s*)c360_lang=([A-Za-z]{2})/)?.[1]);
const serverRendered = Boolean(boot && container.firstElementChild);
const language = serverRendered ? parseLanguage(boot!.language) : wanted;

// The page's own code (if it loads on demand) arrives with the dictionary, before hydration
// (if it fails to load, the page suspends and tries again, as any lazily loaded page does).
const [dictionary] = await Promise.all([loadDictionary(language), preloadPage(location.pathname).catch(() => undefined)]);
// Dates and numbers need the browser's locale data (the first use of Intl costs about 30 ms of a
// phone's CPU): it is loaded in a task of its own, between the modules' evaluation and
// hydration, and the browser can paint and take input between them.
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));
await breathe();
prepareFormats(language);
await breathe();
let rootCommitted = () => {};
const committed = new Promise<void>((resolve) => (rootCommitted = resolve));
/** Its effect runs once the root's first commit is done (the parts hydrated later are counted by then). */
function Committed() {
  useEffect(() => rootCommitted(), []);
  return null;
}
const app = (
  <StrictMode>
    <Committed />
    <Root initial={boot?.initial ?? null} language={language} preferred={wanted} dictionary={dictionary} site={boot?.site} origin={boot?.origin ?? ''}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Root>
  </StrictMode>
);
if (serverRendered) {
  // A transition: React hydrates in short tasks, yielding to the browser between them. A tap that
  // comes first is not lost: React hydrates what it lands on at once and replays it.
  startTransition(() => void hydrateRoot(container, app));
} else createRoot(container).render(app);
await committed;
await laterPartsHydrated();
// Says the whole page answers now (browser tests wait for it).
container.dataset.hydrated = 'true';
