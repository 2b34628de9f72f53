import { lazy, Suspense, useState } from 'react';
import { getJson } from '../../data/api';
import { useRouteData } from '../../data/route-data';
import type { ImpactChange, Storm, StormAlert, StoryCard } from '../../data/types';
import { usePageT } from '../../i18n/i18n';
import { StormIcon } from '../../shared/icons';
import { LoadError, Spinner } from '../Spinner';
import { StoryLink } from '../StoryLink';
import { StormMap, type MapData } from './StormMap';
import { alertMessageIn, alertNameIn, changeIn, classificationIn, movementIn, speedText, STORM_DICTIONARIES } from './storm-text';

export type StormCentreData = {
  storms: Storm[];
  alerts: StormAlert[];
  impact: { region: string; alerts: StormAlert[]; changes: ImpactChange[]; stories: StoryCard[] }[];
  map: MapData;
  lastAdvisoryAt: string | null;
};

const TABS = ['overview', 'tracking', 'alerts', 'impact', 'guides'] as const;
type Tab = (typeof TABS)[number];
// The guides in four languages are a third of the page's code, and only the Guides tab and the
// download need them: they load then, not with the page.
const Guides = lazy(() => import('./StormGuides'));

/** Badge styles: extreme and high destructive, moderate default, low secondary, anything else outline. */
export function severityClass(level: string): string {
  if (level === 'extreme' || level === 'high') return 'badge-destructive';
  if (level === 'moderate') return 'badge-default';
  if (level === 'low') return 'badge-secondary';
  return 'badge-outline';
}

function categoryIcon(category: number): string {
  return category >= 3 ? 'major' : category >= 1 ? 'hurricane' : 'tropical';
}

export default function StormCentrePage() {
  const { t, tn, fmt } = usePageT(STORM_DICTIONARIES);
  const [tab, setTab] = useState<Tab>('overview');
  const { data, error, loading, reload } = useRouteData('storm-centre', (signal) => getJson<StormCentreData>('/api/storm-centre', { signal }));

  return (
    <div className="storm-centre">
      <header className="page-head">
        <h1>{t('storm.title')}</h1>
        <p className="subtitle">{t('storm.subtitle')}</p>
        {data?.lastAdvisoryAt ? <p className="muted">{t('storm.updated', { time: fmt.dateTime(data.lastAdvisoryAt) })}</p> : null}
      </header>
      {data && data.alerts.length > 0 ? (
        <div className="storm-banner" role="alert">
          <strong>{tn('storm.banner', data.alerts.length)}</strong>
          <button type="button" className="link-button" onClick={() => setTab('alerts')}>
            {t('storm.viewAlerts')}
          </button>
        </div>
      ) : null}
      <div role="tablist" aria-label={t('storm.title')} className="tabs">
        {TABS.map((key) => (
          <button
            key={key}
            role="tab"
            id={`tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            type="button"
            onClick={() => setTab(key)}
            onKeyDown={(e) => {
              const i = TABS.indexOf(key);
              if (e.key === 'ArrowRight') setTab(TABS[(i + 1) % TABS.length]!);
              if (e.key === 'ArrowLeft') setTab(TABS[(i + TABS.length - 1) % TABS.length]!);
            }}
          >
            {t(`storm.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'guides' ? (
          <Suspense fallback={<Spinner />}>
            <Guides />
          </Suspense>
        ) : loading ? (
          <Spinner />
        ) : error || !data ? (
          <LoadError onRetry={reload} />
        ) : (
          <>
            {tab === 'overview' ? <Overview data={data} onTab={setTab} /> : null}
            {tab === 'tracking' ? <Tracking data={data} /> : null}
            {tab === 'alerts' ? <AlertList alerts={data.alerts} storms={data.storms} /> : null}
            {tab === 'impact' ? <Impact data={data} /> : null}
          </>
        )}
      </div>
      <p className="muted">{t('storm.source')}</p>
    </div>
  );
}

function StormSummary({ storm }: { storm: Storm }) {
  const { t, fmt, language } = usePageT(STORM_DICTIONARIES);
  const movement = movementIn(t, fmt.number, language, storm.movement);
  const facts = [
    storm.category > 0 ? t('storm.category', { n: storm.category }) : storm.classification ? classificationIn(t, storm.classification) : null,
    t('stormText.wind', { speed: speedText(t, fmt.number, storm.windSpeed) }),
    storm.pressure ? t('stormText.pressure', { mb: fmt.number(storm.pressure) }) : null,
    movement ? t('stormText.movement', { movement }) : null,
  ].filter(Boolean);
  return (
    <li className={`storm storm-${categoryIcon(storm.category)}`}>
      <StormIcon />
      <div>
        <h3>{storm.name}</h3>
        <p>{facts.join(' · ')}</p>
        <span className="badge badge-outline">{t(`storm.status.${storm.status}`)}</span>{' '}
        <span className={`badge ${severityClass(storm.threatLevel)}`}>{t(`storm.threat.${storm.threatLevel}`)}</span>
      </div>
    </li>
  );
}

function Overview({ data, onTab }: { data: StormCentreData; onTab: (tab: Tab) => void }) {
  const { t, language } = usePageT(STORM_DICTIONARIES);
  const download = async () => {
    const { guideAsText } = await import('./guides');
    const url = URL.createObjectURL(new Blob([guideAsText(language)], { type: 'text/plain;charset=utf-8' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'c360-emergency-guide.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="storm-cards">
      <section className="card" aria-labelledby="active-storms">
        <h2 id="active-storms">{t('storm.activeStorms')}</h2>
        {data.storms.length === 0 ? (
          <p>{t('storm.noStorms')}</p>
        ) : (
          <ul className="storm-list">
            {data.storms.map((s) => (
              <StormSummary key={s.id} storm={s} />
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="current-alerts">
        <h2 id="current-alerts">{t('storm.currentAlerts')}</h2>
        {data.alerts.length === 0 ? <p>{t('storm.noAlerts')}</p> : <AlertList alerts={data.alerts.slice(0, 3)} storms={data.storms} />}
      </section>
      <section className="card" aria-labelledby="quick-actions">
        <h2 id="quick-actions">{t('storm.quickActions')}</h2>
        <div className="quick-actions">
          <button type="button" onClick={() => onTab('tracking')}>
            {t('storm.viewTracker')}
          </button>
          <button type="button" onClick={() => void download()}>
            {t('storm.downloadGuide')}
          </button>
          <button type="button" onClick={() => onTab('guides')}>
            {t('storm.contacts')}
          </button>
        </div>
      </section>
    </div>
  );
}

/**
 * Alerts worded in the reader's language from their parts (hazard, kind, the storm's facts); the
 * area keeps NHC's English wording, marked as English so it reads as quoted source text.
 */
function AlertList({ alerts, storms }: { alerts: StormAlert[]; storms: Storm[] }) {
  const { t, fmt, language } = usePageT(STORM_DICTIONARIES);
  if (alerts.length === 0) return <p>{t('storm.noAlerts')}</p>;
  return (
    <ul className="alert-list">
      {alerts.map((a) => (
        <li key={a.id} className="storm-alert">
          <span className={`badge ${severityClass(a.severity)}`}>
            {a.hazard ? alertNameIn(t, a.hazard, a.type).toUpperCase() : t(`stormText.type.${a.type}`).toUpperCase()}
          </span>{' '}
          <strong>{fmt.region(a.region)}</strong>
          {a.hazard ? (
            <>
              <p>
                {alertMessageIn(
                  t,
                  fmt.number,
                  language,
                  a,
                  storms.find((s) => s.id === a.stormId),
                )}
              </p>
              {a.area && a.area !== a.region ? (
                <p className="muted">
                  {t('stormText.area')} <span lang="en">{a.area}</span>
                </p>
              ) : null}
            </>
          ) : (
            <p lang="en">{a.message}</p>
          )}
          <p className="muted">
            {t('storm.issued', { time: fmt.dateTime(a.issuedAt) })}
            {a.expiresAt ? ` · ${t('storm.expires', { time: fmt.dateTime(a.expiresAt) })}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Tracking({ data }: { data: StormCentreData }) {
  const { t } = usePageT(STORM_DICTIONARIES);
  return (
    <div>
      <StormMap map={data.map} storms={data.storms} title={t('storm.mapTitle')} />
      {data.storms.length === 0 ? (
        <p>{t('storm.noStorms')}</p>
      ) : (
        <ul className="storm-list">
          {data.storms.map((s) => (
            <StormSummary key={s.id} storm={s} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Impact({ data }: { data: StormCentreData }) {
  const { t, fmt, language } = usePageT(STORM_DICTIONARIES);
  if (data.impact.length === 0) return <p>{t('storm.noAlerts')}</p>;
  return (
    <div className="impact">
      {data.impact.map((island) => (
        <section key={island.region} className="card" aria-labelledby={`impact-${island.region}`}>
          <h2 id={`impact-${island.region}`}>{fmt.region(island.region)}</h2>
          <h3>{t('storm.watchesWarnings')}</h3>
          <AlertList alerts={island.alerts} storms={data.storms} />
          <h3>{t('storm.changed')}</h3>
          {island.changes.length === 0 ? (
            <p>{t('storm.noChange')}</p>
          ) : (
            <ul>
              {island.changes.map((c, i) => (
                <li key={i}>
                  {changeIn(t, fmt.number, language, c)}
                  {c.area ? (
                    <>
                      {' '}
                      <span lang="en">{c.area}</span>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <h3>{t('storm.localStories')}</h3>
          {island.stories.length === 0 ? (
            <p>{t('storm.noLocalStories')}</p>
          ) : (
            <ul>
              {island.stories.map((s) => (
                <li key={s.id} lang={s.language ?? 'en'}>
                  <StoryLink story={s}>{s.title}</StoryLink>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
