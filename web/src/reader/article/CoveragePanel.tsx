import type { Coverage } from '../../data/types';
import { useI18n } from '../../i18n/i18n';

/**
 * Who carried the story: each outlet with its owner group, kind and home country, which ones count
 * with another (wire copy, a sister title, an item carried), the totals, and what is missing.
 * Computed on the server from the fact-check's independence grouping (core/stories/coverage.ts).
 */
export function CoveragePanel({ coverage }: { coverage: Coverage }) {
  const { t } = useI18n();
  if (coverage.outlets.length === 0) return null;
  const totals: [string, number][] = [
    ['outlets', coverage.outlets.length],
    ['independent', coverage.independent_voices],
    ['groups', coverage.owner_groups.length],
    ['countries', coverage.countries.length],
  ];
  return (
    <section className="coverage" aria-labelledby="coverage-title">
      <h2 id="coverage-title">{t('article.coverage.title')}</h2>
      <dl className="coverage-totals">
        {totals.map(([key, n]) => (
          <div key={key}>
            <dt>{t(`article.coverage.${key}`)}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      <ul className="coverage-outlets">
        {coverage.outlets.map((o) => (
          <li key={o.name}>
            <strong>{o.name}</strong>{' '}
            <span className="coverage-facts">
              {[
                o.owner_group !== o.name ? o.owner_group : null,
                t(`article.coverage.kind.${o.kind === 'official' || o.kind === 'aggregator' ? o.kind : 'press'}`),
                o.region,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            {o.counted_with ? <span className="coverage-link"> — {t(`article.coverage.link.${o.link ?? 'copy'}`, { outlet: o.counted_with })}</span> : null}
          </li>
        ))}
      </ul>
      {coverage.blindspots.length > 0 ? (
        <div className="blindspots" role="note" aria-labelledby="blindspots-title">
          <h3 id="blindspots-title">{t('article.coverage.missing')}</h3>
          <ul>
            {coverage.blindspots.map((b) => (
              <li key={b.code}>
                {t(`article.coverage.blindspot.${b.code}`, { owner_group: 'owner_group' in b ? b.owner_group : '', country: 'country' in b ? b.country : '' })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
