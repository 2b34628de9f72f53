import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import fr from '../../i18n/fr.json';
import nl from '../../i18n/nl.json';
import { I18nProvider, type Dictionary, type Language } from '../../i18n/i18n';
import { StormCentreHits } from './SearchDialog';

const keron = { id: 'AL192026', name: 'Keron', type: 'hurricane', countries: ['Dominican Republic', 'Haiti'], path: '/storm-centre' };
const render = (language: Language, dictionary: Dictionary, storms = [keron]) =>
  renderToString(
    <MemoryRouter>
      <I18nProvider initial={language} dictionary={dictionary}>
        <StormCentreHits storms={storms} />
      </I18nProvider>
    </MemoryRouter>,
  ).replace(/<!-- -->/g, '');

describe('search: the Storm Centre first when the words name the storm', () => {
  it('links to the Storm Centre in each language', () => {
    expect(render('EN', en)).toMatch(/<a href="\/storm-centre"[^>]*>Follow storm Keron in the Storm Centre<\/a>/);
    expect(render('ES', es as Dictionary)).toContain('Siga la tormenta Keron en el Centro de Tormentas');
    expect(render('FR', fr as Dictionary)).toContain('Suivez la tempête Keron dans le Centre des tempêtes');
    expect(render('NL', nl as Dictionary)).toContain('Volg storm Keron in het Stormcentrum');
  });
  it('shows nothing when no storm matches', () => {
    expect(render('EN', en, [])).toBe('');
  });
});
