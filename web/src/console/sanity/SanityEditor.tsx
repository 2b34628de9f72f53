import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { dateTime } from '../../shared/format';
import { useToast } from '../../shared/toasts';
import { timeAgo } from '../format';
import { CpuIcon, DocumentIcon, EditIcon, ExternalIcon, EyeIcon, PlusIcon, SearchIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, type StoryCard, type Task } from '../stories/api';
import { RegionBadge, StageBadge } from '../stories/badges';
import { Badge, Card, EmptyState, PageHeader, Skeleton, StatCard, Tabs, type BadgeTone } from '../ui';
import { useDebounced } from '../useDebounced';
import { PRIORITY_TONE, TaskPriorityText, TaskStatusText } from '../workflow/TaskBoard';

type Docs = Awaited<ReturnType<typeof consoleApi.sanityDocuments>>;
type Tab = 'documents' | 'workflow' | 'ai';
const STATUS_TONE: Record<string, BadgeTone> = { published: 'green', draft: 'grey', review: 'yellow' };
const STUDIO_URL = 'https://www.sanity.io/manage';

const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);

/**
 * Sanity Editor (/dashboard/sanity-editor): the documents synced from the CMS (stories with a
 * Sanity id) and their status, the editorial tasks, and what the AI pipeline found for each.
 */
export default function SanityEditor() {
  const { show } = useToast();
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
      show({ title: 'Failed to fetch articles', tone: 'error' });
    }
  }, [q, show]);
  useEffect(() => {
    void load();
  }, [load]);
  useLiveReload(load, ['stories', 'tasks']);

  const s = data?.statuses;
  return (
    <>
      <PageHeader
        title="Sanity Editor"
        subtitle="Documents synced from the Sanity CMS, their status, and the work on them."
        actions={
          <Link className="c-button" to="/dashboard/editor?new=true">
            <PlusIcon size={16} /> New Document
          </Link>
        }
      />
      <div className="c-stats">
        <StatCard label="Documents" value={s ? s.total : '...'} note={data ? `Webhook ${data.health.healthy ? 'healthy' : 'failing'}${data.health.lastDeliveryAt ? `, last delivery ${timeAgo(data.health.lastDeliveryAt)}` : ''}` : undefined} icon={<DocumentIcon />} tone="blue" />
        <StatCard label="Published" value={s ? s.published : '...'} tone="green" />
        <StatCard label="In Review" value={s ? s.review : '...'} note="flagged or verified, not yet live" tone="orange" />
        <StatCard label="Drafts" value={s ? s.draft : '...'} tone="purple" />
      </div>
      <Card title="Quick actions">
        <div className="c-row">
          <Link className="c-button c-button-ghost" to="/dashboard/editor?new=true">
            <PlusIcon size={16} /> New Story
          </Link>
          <Link className="c-button c-button-ghost" to="/dashboard/pipeline">
            <CpuIcon size={16} /> AI Analysis
          </Link>
          <Link className="c-button c-button-ghost" to="/dashboard">
            <EyeIcon size={16} /> Preview
          </Link>
          <a className="c-button c-button-ghost" href={STUDIO_URL} target="_blank" rel="noreferrer">
            <ExternalIcon size={16} /> Open Studio
          </a>
        </div>
      </Card>
      <Tabs<Tab>
        label="Sanity documents"
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'documents', label: 'Documents', count: s?.total },
          { key: 'workflow', label: 'Workflow', count: tasks?.length },
          { key: 'ai', label: 'AI Enhancements' },
        ]}
      >
        {!data ? (
          <Skeleton rows={3} label="Loading documents…" />
        ) : tab === 'documents' ? (
          <>
            <div className="c-filters" role="search">
              <label className="c-search">
                <span className="visually-hidden">Search documents</span>
                <SearchIcon size={16} />
                <input type="search" placeholder="Search documents..." value={search} onChange={(e) => setSearch(e.target.value)} />
              </label>
            </div>
            {data.documents.items.length === 0 ? (
              <EmptyState title="No documents" action={<Link className="c-button" to="/dashboard/sync">Set up the webhook</Link>}>
                {q ? 'No documents match your search.' : 'No CMS documents have been synced yet. Documents arrive through the Sanity webhook.'}
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
            <EmptyState title="No tasks" action={<Link className="c-button" to="/dashboard/editor">Open Editorial Workflow</Link>}>
              Editorial tasks appear here.
            </EmptyState>
          ) : (
            <div className="c-table-wrap">
              <table className="c-table">
                <caption className="visually-hidden">Editorial tasks</caption>
                <thead>
                  <tr>
                    <th scope="col">Task</th>
                    <th scope="col">Stage</th>
                    <th scope="col">Due</th>
                    <th scope="col">Priority</th>
                    <th scope="col">Status</th>
                    <th scope="col">Assignee</th>
                  </tr>
                </thead>
                <tbody>
                  {tasks.map((t) => (
                    <tr key={t.id}>
                      <td>
                        {t.story ? <Link to={`/dashboard/editor?doc=${encodeURIComponent(t.story.id)}&tab=workflow`}>{t.title}</Link> : t.title}
                      </td>
                      <td>{t.story ? <StageBadge stage={t.story.pipeline_stage} /> : '—'}</td>
                      <td>{t.deadline ? dateTime(t.deadline) : '—'}</td>
                      <td>
                        <Badge tone={PRIORITY_TONE[t.priority]}>
                          <TaskPriorityText priority={t.priority} />
                        </Badge>
                      </td>
                      <td>
                        <TaskStatusText status={t.status} />
                      </td>
                      <td>{t.assignee?.email ?? 'Unassigned'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        ) : data.documents.items.length === 0 ? (
          <EmptyState title="No documents">Nothing to analyse yet.</EmptyState>
        ) : (
          <div className="c-table-wrap">
            <table className="c-table">
              <caption className="visually-hidden">What the AI pipeline found for each document</caption>
              <thead>
                <tr>
                  <th scope="col">Document</th>
                  <th scope="col">Stage</th>
                  <th scope="col">Truth score</th>
                  <th scope="col">Fact-check</th>
                  <th scope="col">Triangulated</th>
                  <th scope="col">Risk</th>
                  <th scope="col">External data</th>
                </tr>
              </thead>
              <tbody>
                {data.documents.items.map((d) => (
                  <tr key={d.id}>
                    <td>
                      <Link to={`/dashboard/editor?doc=${encodeURIComponent(d.id)}`}>{d.title}</Link>
                    </td>
                    <td>
                      <StageBadge stage={d.pipeline_stage} />
                    </td>
                    <td>{percent(d.truth_score)}</td>
                    <td>
                      {percent(d.fact_check_score)} · {d.ai_fact_check_panel.filter((c) => c.resolved).length}/{d.ai_fact_check_panel.length} claims resolved
                    </td>
                    <td>{d.triangulation_check ? <Badge tone="green">Triangulated</Badge> : <Badge tone="grey">No</Badge>}</td>
                    <td>{d.ai_risk_level}</td>
                    <td>{d.enriched ? <Badge tone="purple">Enriched</Badge> : 'Not yet'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Tabs>
    </>
  );
}

function DocumentRow({ doc }: { doc: StoryCard }) {
  const status = doc.document_status ?? 'draft';
  return (
    <li className="c-list-item">
      <Badge tone={STATUS_TONE[status]}>{status}</Badge>
      <div className="c-grow">
        <h3>{doc.title}</h3>
        <div className="c-meta">
          <RegionBadge region={doc.region} />
          <StageBadge stage={doc.pipeline_stage} />
          <span className="c-mono">{doc.sanity_id}</span>
          <span>updated {timeAgo(doc.updated_at)}</span>
        </div>
      </div>
      <Link className="c-button c-button-ghost c-button-small" to={`/dashboard?preview=${encodeURIComponent(doc.id)}`}>
        <EyeIcon size={14} /> Preview
      </Link>
      <Link className="c-button c-button-ghost c-button-small" to={`/dashboard/editor?doc=${encodeURIComponent(doc.id)}`}>
        <EditIcon size={14} /> Edit
      </Link>
    </li>
  );
}
