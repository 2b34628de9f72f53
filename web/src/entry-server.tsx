import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import type { InitialData } from './data/route-data';
import en from './i18n/en.json';
import es from './i18n/es.json';
import fr from './i18n/fr.json';
import nl from './i18n/nl.json';
import { parseLanguage, type Dictionary } from './i18n/i18n';
import { Root } from './Root';

const DICTIONARIES: Record<string, Dictionary> = { EN: en, ES: es, FR: fr, NL: nl };

/** Server rendering of a public page, with the data the server already loaded for it. */
export function render(url: string, initial: InitialData, languageCode: string): string {
  const language = parseLanguage(languageCode);
  return renderToString(
    <Root initial={initial} language={language} dictionary={DICTIONARIES[language]!}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </Root>,
  );
}
