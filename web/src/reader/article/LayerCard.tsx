import type { Layer, MetricRow } from '../../data/types';
import { useI18n } from '../../i18n/i18n';
import { shortDate } from '../../shared/format';
import { ArrowDownIcon, ArrowUpIcon } from '../../shared/icons';

/** One of the five layers, with the spec's fallbacks when the pipeline has not written it yet. */
export function LayerCard({ type, layer, summary }: { type: Layer['layerType']; layer: Layer | undefined; summary: string }) {
  const { t } = useI18n();
  const content = layer?.content?.trim() || (type === 'short_version' ? summary.trim() : '') || t(`article.fallback.${type}`);
  return (
    <section className={`layer-card layer-${type}`} aria-labelledby={`layer-${type}`}>
      <h2 id={`layer-${type}`}>{t(`article.layers.${type}`)}</h2>
      {type === 'what_happened' ? <WhatHappened content={content} /> : <Paragraphs text={content} />}
      {type === 'what_happened' && layer?.timeline?.length ? <Timeline entries={layer.timeline} /> : null}
      {type === 'what_locals_saying' && layer?.quotes?.length ? <Quotes quotes={layer.quotes} /> : null}
      {type === 'why_it_matters' && layer?.metricsTable?.length ? <MetricsTable rows={layer.metricsTable} /> : null}
    </section>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}

/** A bullet list when the text has lines starting with '- ', otherwise a paragraph. */
export function WhatHappened({ content }: { content: string }) {
  const lines = content.split('\n').map((l) => l.trim()).filter(Boolean);
  const bullets = lines.filter((l) => l.startsWith('- '));
  if (bullets.length === 0) return <Paragraphs text={content} />;
  const intro = lines.filter((l) => !l.startsWith('- '));
  return (
    <>
      {intro.length ? <p>{intro.join(' ')}</p> : null}
      <ul className="bullets">
        {bullets.map((b, i) => (
          <li key={i}>{b.slice(2)}</li>
        ))}
      </ul>
    </>
  );
}

/** Events whose text mentions 'published' are about us, not the story: hidden. */
export function visibleTimeline(entries: { date: string; event: string }[]) {
  return entries.filter((e) => !/published/i.test(e.event));
}

function Timeline({ entries }: { entries: { date: string; event: string }[] }) {
  const { t } = useI18n();
  const shown = visibleTimeline(entries);
  if (shown.length === 0) return null;
  return (
    <div className="timeline">
      <h3>{t('article.timeline')}</h3>
      <ol>
        {shown.map((e, i) => (
          <li key={i}>
            <time dateTime={e.date}>{/^\d{4}-\d{2}-\d{2}/.test(e.date) ? shortDate(e.date) : e.date}</time>
            <span>{e.event}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Quotes({ quotes }: { quotes: NonNullable<Layer['quotes']> }) {
  const { t } = useI18n();
  return (
    <div className="quotes">
      <h3 className="visually-hidden">{t('article.quotes')}</h3>
      {quotes.map((q, i) => {
        const by = [q.author, q.role, q.platform].filter(Boolean).join(', ');
        // Only words found verbatim in a source are shown as a quotation; the rest is reported speech.
        return q.verbatim === false ? (
          <p key={i} className="reported">
            {by} ({t('article.reportedSpeech')}): {q.quote}
          </p>
        ) : (
          <figure key={i} className="quote">
            <blockquote>“{q.quote}”</blockquote>
            <figcaption>— {by}</figcaption>
          </figure>
        );
      })}
    </div>
  );
}

const PENDING_VALUES = new Set(['analyzing', 'tbd', 'n/a']);

/** The table shows only if some row's current value is real (not Analyzing, TBD or N/A). */
export function showsMetrics(rows: MetricRow[]): boolean {
  return rows.some((r) => !PENDING_VALUES.has(String(r.current ?? '').trim().toLowerCase()));
}

export function trendDirection(trend: string): 'up' | 'down' | null {
  if (/▲|up/i.test(trend)) return 'up';
  if (/▼|down/i.test(trend)) return 'down';
  return null;
}

function MetricsTable({ rows }: { rows: MetricRow[] }) {
  const { t } = useI18n();
  if (!showsMetrics(rows)) return null;
  return (
    <div className="table-scroll">
    <table className="metrics">
      <caption>{t('article.metrics.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('article.metrics.indicator')}</th>
          <th scope="col">{t('article.metrics.previous')}</th>
          <th scope="col">{t('article.metrics.current')}</th>
          <th scope="col">{t('article.metrics.trend')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => {
          const direction = trendDirection(r.trend ?? '');
          return (
            <tr key={i}>
              <th scope="row">{r.label}</th>
              <td>{r.previous || 'N/A'}</td>
              <td>{r.current}</td>
              <td>
                {direction === 'up' ? (
                  <span className="trend-up"><ArrowUpIcon size={16} title={t('article.metrics.up')} /></span>
                ) : direction === 'down' ? (
                  <span className="trend-down"><ArrowDownIcon size={16} title={t('article.metrics.down')} /></span>
                ) : (
                  r.trend
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
    </div>
  );
}
