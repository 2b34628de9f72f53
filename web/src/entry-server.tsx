import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
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
 * Server rendering of a public page, with the data the server already loaded for it. Waits
 * for every lazily loaded page (storm centre, sign-in) so the HTML is complete, not a fallback.
 */
export async function render(url: string, initial: InitialData, languageCode: string, site?: SiteConfig, origin = ''): Promise<string> {
  const language = parseLanguage(languageCode);
  const { prelude } = await prerenderToNodeStream(
    <Root initial={initial} language={language} dictionary={DICTIONARIES[language]!} site={site} origin={origin}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </Root>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
