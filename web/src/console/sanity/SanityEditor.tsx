import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../shared/toasts';
import { known, useConsoleI18n } from '../console-i18n';
import { timeAgo } from '../format';
import { CpuIcon, DocumentIcon, EditIcon, ExternalIcon, EyeIcon, PlusIcon, SearchIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, type StoryCard, type Task } from '../stories/api';
import { RegionBadge, StageBadge } from '../stories/badges';
import { DocumentAnalysisTable } from './DocumentAnalysisTable';
import { Badge, Card, EmptyState, PageHeader, Skeleton, StatCard, Tabs, type BadgeTone } from '../ui';
import { useDebounced } from '../useDebounced';
import { PRIORITY_TONE, TaskPriorityText, TaskStatusText } from '../workflow/TaskBoard';

type Docs = Awaited<ReturnType<typeof consoleApi.sanityDocuments>>;
type Tab = 'documents' | 'workflow' | 'ai';
const STATUS_TONE: Record<string, BadgeTone> = { published: 'green', draft: 'grey', review: 'yellow' };
const STUDIO_URL = 'https://www.sanity.io/manage';

/**
 * Sanity Editor (/dashboard/sanity-editor): the documents synced from the CMS (stories with a
 * Sanity id) and their status, the editorial tasks, and what the AI pipeline found for each.
 */
export default function SanityEditor() {
  const { show } = useToast();
  const { t, fmt } = useConsoleI18n();
  const ago = (iso: string | null | undefined) => timeAgo(iso, new Date(), fmt.locale, t('console.card.justNow'));
  const [tab, setTab] = useState<Tab>('documents');
  const [data, setData] = useState<Docs | null>(null);
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());

  const load = useCallback(async () => {
    try {
      setData(await consoleApi.sanityDocuments({ q, limit: 60 }));
      setTasks((await consoleApi.tasks()).items);
    } catch {
      show({ title: t('console.sanity.loadFailed'), tone: 'error' });
    }
  }, [q, show, t]);
  useEffect(() => {
    void load();
  }, [load]);
  useLiveReload(load, ['stories', 'tasks']);

  const s = data?.statuses;
  const webhookNote = (healthy: boolean, lastDeliveryAt: string | null) => {
    const health = t(healthy ? 'console.sanity.webhookHealthy' : 'console.sanity.webhookFailing');
    return lastDeliveryAt ? t('console.sanity.withLastDelivery', { health, time: ago(lastDeliveryAt) }) : health;
  };
  return (
    <>
      <PageHeader
        title={t('console.sanity.title')}
        subtitle={t('console.sanity.subtitle')}
        actions={
          <Link className="c-button" to="/dashboard/editor?new=true">
            <PlusIcon size={16} /> {t('console.sanity.newDocument')}
          </Link>
        }
      />
      <div className="c-stats">
        <StatCard
          label={t('console.sanity.documents')}
          value={s ? fmt.number(s.total) : '...'}
          note={data ? webhookNote(data.health.healthy, data.health.lastDeliveryAt) : undefined}
          icon={<DocumentIcon />}
          tone="blue"
        />
        <StatCard label={t('console.sanity.published')} value={s ? fmt.number(s.published) : '...'} tone="green" />
        <StatCard label={t('console.sanity.inReview')} value={s ? fmt.number(s.review) : '...'} note={t('console.sanity.inReviewNote')} tone="orange" />
        <StatCard label={t('console.sanity.drafts')} value={s ? fmt.number(s.draft) : '...'} tone="purple" />
      </div>
      <Card title={t('console.sanity.quickActions')}>
        <div className="c-row">
          <Link className="c-button c-button-ghost" to="/dashboard/editor?new=true">
            <PlusIcon size={16} /> {t('console.sanity.newStory')}
          </Link>
          <Link className="c-button c-button-ghost" to="/dashboard/pipeline">
            <CpuIcon size={16} /> {t('console.sanity.aiAnalysis')}
          </Link>
          <Link className="c-button c-button-ghost" to="/dashboard">
            <EyeIcon size={16} /> {t('console.sanity.preview')}
          </Link>
          <a className="c-button c-button-ghost" href={STUDIO_URL} target="_blank" rel="noreferrer">
            <ExternalIcon size={16} /> {t('console.sanity.openStudio')}
          </a>
        </div>
      </Card>
      <Tabs<Tab>
        label={t('console.sanity.tabsLabel')}
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'documents', label: t('console.sanity.documents'), count: s?.total },
          { key: 'workflow', label: t('console.sanity.tabWorkflow'), count: tasks?.length },
          { key: 'ai', label: t('console.sanity.tabAi') },
        ]}
      >
        {!data ? (
          <Skeleton rows={3} label={t('console.sanity.loading')} />
        ) : tab === 'documents' ? (
          <>
            <div className="c-filters" role="search">
              <label className="c-search">
                <span className="visually-hidden">{t('console.sanity.search')}</span>
                <SearchIcon size={16} />
                <input type="search" placeholder={t('console.sanity.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
              </label>
            </div>
            {data.documents.items.length === 0 ? (
              <EmptyState
                title={t('console.sanity.noDocuments')}
                action={
                  <Link className="c-button" to="/dashboard/sync">
                    {t('console.sanity.setUpWebhook')}
                  </Link>
                }
              >
                {q ? t('console.sanity.noMatch') : t('console.sanity.noneSynced')}
              </EmptyState>
            ) : (
              <ul className="c-list">
                {data.documents.items.map((doc) => (
                  <DocumentRow key={doc.id} doc={doc} />
                ))}
              </ul>
            )}
          </>
        ) : tab === 'workflow' ? (
          !tasks || tasks.length === 0 ? (
            <EmptyState
              title={t('console.sanity.noTasks')}
              action={
                <Link className="c-button" to="/dashboard/editor">
                  {t('console.sanity.openWorkflow')}
                </Link>
              }
            >
              {t('console.sanity.tasksAppear')}
            </EmptyState>
          ) : (
            <div className="c-table-wrap">
              <table className="c-table">
                <caption className="visually-hidden">{t('console.sanity.tasksCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('console.sanity.task')}</th>
                    <th scope="col">{t('console.sanity.stage')}</th>
                    <th scope="col">{t('console.sanity.due')}</th>
                    <th scope="col">{t('console.sanity.priority')}</th>
                    <th scope="col">{t('console.sanity.status')}</th>
                    <th scope="col">{t('console.sanity.assignee')}</th>
                  </tr>
                </thead>
                <tbody>
                  {tasks.map((task) => (
                    <tr key={task.id}>
                      <td>
                        {task.story ? <Link to={`/dashboard/editor?doc=${encodeURIComponent(task.story.id)}&tab=workflow`}>{task.title}</Link> : task.title}
                      </td>
                      <td>{task.story ? <StageBadge stage={task.story.pipeline_stage} /> : '—'}</td>
                      <td>{task.deadline ? fmt.dateTime(task.deadline) : '—'}</td>
                      <td>
                        <Badge tone={PRIORITY_TONE[task.priority]}>
                          <TaskPriorityText priority={task.priority} />
                        </Badge>
                      </td>
                      <td>
                        <TaskStatusText status={task.status} />
                      </td>
                      <td>{task.assignee?.email ?? t('console.sanity.unassigned')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        ) : data.documents.items.length === 0 ? (
          <EmptyState title={t('console.sanity.noDocuments')}>{t('console.sanity.nothingToAnalyse')}</EmptyState>
        ) : (
          <DocumentAnalysisTable items={data.documents.items} />
        )}
      </Tabs>
    </>
  );
}

function DocumentRow({ doc }: { doc: StoryCard }) {
  const { t, fmt } = useConsoleI18n();
  const status = doc.document_status ?? 'draft';
  return (
    <li className="c-list-item">
      <Badge tone={STATUS_TONE[status]}>{known(t, `console.sanity.docStatus.${status}`, status)}</Badge>
      <div className="c-grow">
        <h3 lang={doc.language ?? 'en'}>{doc.title}</h3>
        <div className="c-meta">
          <RegionBadge region={doc.region} />
          <StageBadge stage={doc.pipeline_stage} />
          <span className="c-mono">{doc.sanity_id}</span>
          <span>{t('console.sanity.updated', { time: timeAgo(doc.updated_at, new Date(), fmt.locale, t('console.card.justNow')) })}</span>
        </div>
      </div>
      <Link className="c-button c-button-ghost c-button-small" to={`/dashboard?preview=${encodeURIComponent(doc.id)}`}>
        <EyeIcon size={14} /> {t('console.sanity.preview')}
      </Link>
      <Link className="c-button c-button-ghost c-button-small" to={`/dashboard/editor?doc=${encodeURIComponent(doc.id)}`}>
        <EditIcon size={14} /> {t('console.sanity.edit')}
      </Link>
    </li>
  );
}
