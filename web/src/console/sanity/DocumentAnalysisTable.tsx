import { Link } from 'react-router-dom';
import { known, useConsoleI18n } from '../console-i18n';
import type { StoryCard } from '../stories/api';
import { StageBadge, VerificationBadge } from '../stories/badges';
import { Badge } from '../ui';

const percent = (v: number | null, locale: string) =>
  v === null ? '—' : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(v);

/**
 * The Sanity Editor's AI Analysis tab: what the pipeline found for each CMS document. How a document
 * was checked is its verification state (core/stories/verification.ts), shown as on every other
 * surface: an official source's confirmation is not called two-source checking, nor "triangulated".
 */
export function DocumentAnalysisTable({ items }: { items: readonly StoryCard[] }) {
  const { t, fmt } = useConsoleI18n();
  return (
    <div className="c-table-wrap">
      <table className="c-table">
        <caption className="visually-hidden">{t('console.sanity.aiCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('console.sanity.document')}</th>
            <th scope="col">{t('console.sanity.stage')}</th>
            <th scope="col">{t('console.sanity.truthScore')}</th>
            <th scope="col">{t('console.sanity.factCheck')}</th>
            <th scope="col">{t('console.sanity.verificationColumn')}</th>
            <th scope="col">{t('console.sanity.risk')}</th>
            <th scope="col">{t('console.sanity.externalData')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((d) => (
            <tr key={d.id}>
              <td>
                <Link to={`/dashboard/editor?doc=${encodeURIComponent(d.id)}`} lang={d.language ?? 'en'}>
                  {d.title}
                </Link>
              </td>
              <td>
                <StageBadge stage={d.pipeline_stage} />
              </td>
              <td>{percent(d.truth_score, fmt.locale)}</td>
              <td>
                {percent(d.fact_check_score, fmt.locale)} ·{' '}
                {t('console.sanity.claimsResolved', {
                  resolved: d.ai_fact_check_panel.filter((c) => c.resolved).length,
                  total: d.ai_fact_check_panel.length,
                })}
              </td>
              <td>
                {/* How it was checked, by the one rule every surface uses (core/stories/verification.ts). */}
                <VerificationBadge verification={d.verification} />
              </td>
              <td>{known(t, `console.risk.${d.ai_risk_level}`, d.ai_risk_level)}</td>
              <td>{d.enriched ? <Badge tone="purple">{t('console.sanity.enriched')}</Badge> : t('console.sanity.notYet')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
