import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import fr from '../../i18n/fr.json';
import nl from '../../i18n/nl.json';
import { I18nProvider, type Language } from '../../i18n/i18n';
import { SearchCount } from './SearchDialog';

const text = (language: Language, dictionary: object, count: number, hasMore = false) =>
  renderToString(
    <I18nProvider initial={language} dictionary={dictionary as never}>
      <SearchCount count={count} hasMore={hasMore} q="storm" />
    </I18nProvider>,
  )
    .replace(/<[^>]+>|<!-- -->/g, '')
    .replace(/&#x27;/g, "'");

describe('search result count', () => {
  it.each([
    ['EN', en, '1 result for “storm”', '7 results for “storm”', '20+ results for “storm”'],
    ['ES', es, '1 resultado para «storm»', '7 resultados para «storm»', 'Más de 20 resultados para «storm»'],
    ['FR', fr, '1 résultat pour « storm »', '7 résultats pour « storm »', 'Plus de 20 résultats pour « storm »'],
    ['NL', nl, '1 resultaat voor ‘storm’', '7 resultaten voor ‘storm’', 'Meer dan 20 resultaten voor ‘storm’'],
  ] as const)('%s says one result in the singular, more in the plural', (language, dictionary, one, seven, many) => {
    expect(text(language, dictionary, 1)).toBe(one);
    expect(text(language, dictionary, 7)).toBe(seven);
    expect(text(language, dictionary, 20, true)).toBe(many);
    expect(text(language, dictionary, 1)).not.toMatch(/\b1 (results|resultados|résultats|resultaten)\b/);
  });

  it('says when nothing matched', () => {
    expect(text('EN', en, 0)).toBe('No stories match “storm”.');
  });
});
