import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App, preloadPage } from './App';
import type { InitialData } from './data/route-data';
import type { SiteConfig } from './data/site-config';
import en from './i18n/en.json';
import es from './i18n/es.json';
import fr from './i18n/fr.json';
import nl from './i18n/nl.json';
import { parseLanguage, type Dictionary } from './i18n/i18n';
import { Root } from './Root';

const DICTIONARIES: Record<string, Dictionary> = { EN: en, ES: es, FR: fr, NL: nl };

/** A render that takes longer than this is given up (and answered as a failure), never sent half done. */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Server rendering of a public page, with the data the server already loaded for it, by React's
 * own renderer. The page's code is loaded first, as the browser does before hydrating, and the
 * whole page is rendered before any of it is returned (prerender waits for every Suspense
 * boundary): the caller sends complete HTML or none. Any error, in the page's shell or inside a
 * Suspense boundary (React would leave that part to the browser), rejects: the server answers its
 * error page rather than a page with a hole in it.
 */
export async function render(url: string, initial: InitialData, languageCode: string, site?: SiteConfig, origin = ''): Promise<string> {
  const language = parseLanguage(languageCode);
  await preloadPage(new URL(url, 'http://x').pathname);
  let failure: { error: unknown } | null = null;
  const { prelude } = await prerenderToNodeStream(
    <Root initial={initial} language={language} dictionary={DICTIONARIES[language]!} site={site} origin={origin}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </Root>,
    {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      // Every Suspense boundary's HTML in place, in reading order. Past this size React would move a
      // boundary's HTML to the end of the page with an inline script to put it back: the CSP refuses
      // inline scripts, and the page must read complete without any script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Given an onError, React logs nothing itself: the server logs the failure once, with the request.
      onError: (error) => void (failure ??= { error }),
    },
  );
  // Bytes first, text once: a character split across two chunks must not be decoded in halves.
  const chunks: Uint8Array[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array));
  if (failure) throw (failure as { error: unknown }).error;
  return Buffer.concat(chunks).toString('utf8');
}
