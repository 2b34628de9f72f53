import { renderToStringAsync } from 'preact-render-to-string';
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

/**
 * Server rendering of a public page, with the data the server already loaded for it. The page's
 * code is loaded first, as the browser does before hydrating, and anything else loaded on demand
 * is waited for, so the HTML is complete, never a fallback.
 */
export async function render(url: string, initial: InitialData, languageCode: string, site?: SiteConfig, origin = ''): Promise<string> {
  const language = parseLanguage(languageCode);
  await preloadPage(new URL(url, 'http://x').pathname);
  const vnode = (
    <Root initial={initial} language={language} dictionary={DICTIONARIES[language]!} site={site} origin={origin}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </Root>
  );
  return renderToStringAsync(vnode as never);
}
