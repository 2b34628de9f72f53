import { Link } from 'react-router-dom';
import { usePageT } from '../../i18n/i18n';
import { AGENCIES, GUIDES } from './guides';
import { STORM_DICTIONARIES } from './storm-text';

/** The Storm Centre's Guides tab: preparedness guides in the page's language and the agencies to follow. */
export default function Guides() {
  const { t, language } = usePageT(STORM_DICTIONARIES);
  return (
    <div className="guides">
      {/* The guides are in the page's language (guides.ts); only the agencies' own English names are marked as English. */}
      {GUIDES[language].map((g) => (
        <section key={g.id} className="card" aria-labelledby={`guide-${g.id}`}>
          <h2 id={`guide-${g.id}`}>{g.title}</h2>
          <ul>
            {g.points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
      ))}
      <section className="card" aria-labelledby="guide-agencies">
        <h2 id="guide-agencies">{t('stormText.officialSources')}</h2>
        <ul>
          {AGENCIES.map((a) => (
            <li key={a.url}>
              {a.area[language]}:{' '}
              <a href={a.url} target="_blank" rel="noopener noreferrer" lang="en">
                {a.name}
              </a>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/section/weather">{t('stormText.weatherStories')}</Link>
        </p>
      </section>
    </div>
  );
}
