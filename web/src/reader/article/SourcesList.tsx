import type { Story } from '../../data/types';
import { useI18n } from '../../i18n/i18n';

/** Seven regional outlets link to their own sites; any other source to a web search. */
export const KNOWN_OUTLETS: Record<string, string> = {
  'Jamaica Gleaner': 'https://jamaica-gleaner.com',
  'Jamaica Observer': 'https://www.jamaicaobserver.com',
  'Trinidad Express': 'https://trinidadexpress.com',
  'Barbados Today': 'https://barbadostoday.bb',
  'Nation News': 'https://www.nationnews.com',
  'The Nassau Guardian': 'https://www.thenassauguardian.com',
  'Stabroek News': 'https://stabroeknews.com',
};

export function sourceUrl(name: string): string {
  return KNOWN_OUTLETS[name] ?? `https://www.google.com/search?q=${encodeURIComponent(`${name} Caribbean news`)}`;
}

/** The story's sources in the order the source marks number them (from 1). */
export function storySources(story: Pick<Story, 'sources' | 'source_list'>): { name: string; url: string }[] {
  // Links to the items themselves when the pipeline recorded them; else the outlet rule above.
  return (story.sources?.length ? story.sources : story.source_list.map((name) => ({ name, url: null }))).map((s) => ({
    name: s.name,
    url: s.url ?? sourceUrl(s.name),
  }));
}

export function SourcesList({ story }: { story: Story }) {
  const { t, tn } = useI18n();
  const sources = storySources(story);
  return (
    <section className="sources" aria-labelledby="sources-title">
      <p className="source-total">{tn('article.sourceCount', story.source_count)}</p>
      <h2 id="sources-title">{t('article.sourcesHeading')}</h2>
      <ol>
        {sources.map((s, i) => (
          <li key={`${s.name}-${s.url}`} id={`source-${i + 1}`}>
            <a href={s.url} target="_blank" rel="noopener noreferrer">
              {s.name} <span className="visually-hidden">{t('article.opensNewTab')}</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
