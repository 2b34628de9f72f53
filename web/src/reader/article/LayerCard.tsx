import { Fragment } from 'react';
import type { Layer, LayerSentence, MetricRow } from '../../data/types';
import { useI18n } from '../../i18n/i18n';
import { ArrowDownIcon, ArrowUpIcon } from '../../shared/icons';

/** A layer a reader would see nothing in: no text, no quotes, no table rows. */
export function isEmptyLayer(layer: Layer | undefined): boolean {
  return !layer || (!layer.content?.trim() && !layer.quotes?.length && !(layer.metricsTable && showsMetrics(layer.metricsTable)));
}

/**
 * One of the five layers. A layer the pipeline left empty (the sources gave nothing for it) is not
 * shown; the spec's "being prepared" texts appear only for a story with no layers written at all.
 * sourceNames (the story's source list) turns each sentence's source numbers into marks.
 */
/** `lang`: the language of the story's text (its words are marked with it; the card's own labels are the page's). */
export function LayerCard({
  type,
  layer,
  summary,
  sourceNames,
  placeholder = false,
  lang,
}: {
  type: Layer['layerType'];
  layer: Layer | undefined;
  summary: string;
  sourceNames?: readonly string[];
  placeholder?: boolean;
  lang?: string;
}) {
  const { t } = useI18n();
  const fallback = type === 'short_version' ? summary.trim() : '';
  if (isEmptyLayer(layer) && !fallback && !placeholder) return null;
  const content = layer?.content?.trim() || fallback || (placeholder ? t(`article.fallback.${type}`) : '');
  const sentences = sourceNames && layer?.content?.trim() && layer.sentences?.length ? layer.sentences : undefined;
  return (
    <section className={`layer-card layer-${type}`} aria-labelledby={`layer-${type}`}>
      <h2 id={`layer-${type}`}>{t(`article.layers.${type}`)}</h2>
      <div className="layer-text" lang={layer?.content?.trim() || fallback ? lang : undefined}>
        {sentences ? (
          <SourcedText type={type} sentences={sentences} sourceNames={sourceNames!} />
        ) : content ? (
          type === 'what_happened' ? (
            <WhatHappened content={content} />
          ) : (
            <Paragraphs text={content} />
          )
        ) : null}
      </div>
      {type === 'what_happened' && layer?.timeline?.length ? <Timeline entries={layer.timeline} lang={lang} /> : null}
      {type === 'what_locals_saying' && layer?.quotes?.length ? <Quotes quotes={layer.quotes} sourceNames={sourceNames} lang={lang} /> : null}
      {type === 'why_it_matters' && layer?.metricsTable?.length ? <MetricsTable rows={layer.metricsTable} /> : null}
    </section>
  );
}

/** Small superscript numbers after a sentence, each linking to its source in the list below the article. */
export function SourceMarks({ marks, sourceNames }: { marks: readonly number[]; sourceNames: readonly string[] }) {
  const { t } = useI18n();
  const shown = marks.filter((n) => sourceNames[n - 1]);
  if (shown.length === 0) return null;
  return (
    <sup className="source-marks">
      {shown.map((n, i) => (
        <Fragment key={n}>
          {i > 0 ? ',' : ''}
          <a href={`#source-${n}`} aria-label={t('article.sourceMark', { n, outlet: sourceNames[n - 1]! })} title={sourceNames[n - 1]}>
            {n}
          </a>
        </Fragment>
      ))}
    </sup>
  );
}

function SourcedText({ type, sentences, sourceNames }: { type: Layer['layerType']; sentences: readonly LayerSentence[]; sourceNames: readonly string[] }) {
  const line = (s: LayerSentence) => (
    <>
      {s.text}
      <SourceMarks marks={s.marks ?? []} sourceNames={sourceNames} />
    </>
  );
  if (type === 'what_happened') {
    return (
      <ul className="bullets">
        {sentences.map((s, i) => (
          <li key={i}>{line(s)}</li>
        ))}
      </ul>
    );
  }
  return (
    <p>
      {sentences.map((s, i) => (
        <span key={i}>
          {i > 0 ? ' ' : ''}
          {line(s)}
        </span>
      ))}
    </p>
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
  const lines = content
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
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

function Timeline({ entries, lang }: { entries: { date: string; event: string }[]; lang?: string }) {
  const { t, fmt } = useI18n();
  const shown = visibleTimeline(entries);
  if (shown.length === 0) return null;
  return (
    <div className="timeline">
      <h3>{t('article.timeline')}</h3>
      <ol>
        {shown.map((e, i) => (
          <li key={i}>
            <time dateTime={e.date}>{/^\d{4}-\d{2}-\d{2}/.test(e.date) ? fmt.shortDate(e.date) : e.date}</time>
            <span lang={lang}>{e.event}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Quotes({ quotes, sourceNames, lang }: { quotes: NonNullable<Layer['quotes']>; sourceNames?: readonly string[]; lang?: string }) {
  const { t } = useI18n();
  return (
    <div className="quotes">
      <h3 className="visually-hidden">{t('article.quotes')}</h3>
      {quotes.map((q, i) => {
        const by = [q.author, q.role, q.platform].filter(Boolean).join(', ');
        // Only words found verbatim in a source are shown as a quotation; the rest is reported speech.
        return q.verbatim === false ? (
          <p key={i} className="reported">
            {by} ({t('article.reportedSpeech')}): <span lang={lang}>{q.quote}</span>
          </p>
        ) : (
          <figure key={i} className="quote">
            <blockquote lang={lang}>“{q.quote}”</blockquote>
            <figcaption>
              — {by}
              {sourceNames && q.marks?.length ? <SourceMarks marks={q.marks} sourceNames={sourceNames} /> : null}
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}

const PENDING_VALUES = new Set(['analyzing', 'tbd', 'n/a']);

/** The table shows only if some row's current value is real (not Analyzing, TBD or N/A). */
export function showsMetrics(rows: MetricRow[]): boolean {
  return rows.some(
    (r) =>
      !PENDING_VALUES.has(
        String(r.current ?? '')
          .trim()
          .toLowerCase(),
      ),
  );
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
                    <span className="trend-up">
                      <ArrowUpIcon size={16} title={t('article.metrics.up')} />
                    </span>
                  ) : direction === 'down' ? (
                    <span className="trend-down">
                      <ArrowDownIcon size={16} title={t('article.metrics.down')} />
                    </span>
                  ) : (
                    r.trend
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Sources rows={rows} />
    </div>
  );
}

/** Where the table's figures come from, each source once, linked when it has an address. */
function Sources({ rows }: { rows: MetricRow[] }) {
  const { t } = useI18n();
  const sources = [...new Map(rows.filter((r) => r.source).map((r) => [r.source!, r.source_url])).entries()];
  if (sources.length === 0) return null;
  return (
    <p className="metrics-source">
      {sources.map(([name, url], i) => (
        <Fragment key={name}>
          {i > 0 ? '; ' : `${t('article.metrics.source')} `}
          {url ? (
            <a href={url} rel="noopener noreferrer" target="_blank">
              {name}
            </a>
          ) : (
            name
          )}
        </Fragment>
      ))}
    </p>
  );
}
