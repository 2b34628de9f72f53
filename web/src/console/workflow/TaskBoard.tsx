import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { fromLocalInput, toLocalInput } from '../format';
import { ClockIcon, EditIcon, PlusIcon, TrashIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, TASK_PRIORITIES, TASK_STATUSES, type StoryCard, type Task, type TaskInput, type TaskPriority, type TaskStatus } from '../stories/api';
import { StageBadge } from '../stories/badges';
import { editorPath } from '../stories/StoryCardView';
import { useConsoleI18n, useConsoleT } from '../console-i18n';
import { Badge, Card, Dialog, EmptyState, PageHeader, Skeleton, type BadgeTone } from '../ui';

type Translate = (key: string, params?: Record<string, string | number>) => string;
/** A task status in the console's language (PENDING REVIEW, IN PROGRESS, READY PUBLISH in English). */
export const statusLabel = (t: Translate, status: TaskStatus) => t(`console.workflow.status.${status}`);
export const priorityLabel = (t: Translate, priority: TaskPriority) => t(`console.workflow.priority.${priority}`);
/** A task status as text, for tables outside the board. */
export function TaskStatusText({ status }: { status: TaskStatus }) {
  return <>{statusLabel(useConsoleT(), status)}</>;
}
/** A task priority as text. */
export function TaskPriorityText({ priority }: { priority: TaskPriority }) {
  return <>{priorityLabel(useConsoleT(), priority)}</>;
}
export const PRIORITY_TONE: Record<TaskPriority, BadgeTone> = { HIGH: 'red', MEDIUM: 'yellow', LOW: 'green' };
type Assignee = { id: string; email: string; role: string };

function dueText(deadline: string | null, t: Translate, locale: string): { text: string; overdue: boolean } {
  if (!deadline) return { text: t('console.workflow.noDeadline'), overdue: false };
  const d = new Date(deadline);
  return {
    text: t('console.workflow.due', { time: d.toLocaleString(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) }),
    overdue: d.getTime() < Date.now(),
  };
}

/** The editorial task list: three columns by status, with create, assign, move and delete. */
export function TaskBoard() {
  const { show } = useToast();
  const { t, fmt } = useConsoleI18n();
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [assignees, setAssignees] = useState<Assignee[]>([]);
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setTasks((await consoleApi.tasks()).items);
    } catch {
      show({ title: t('console.workflow.loadFailed'), tone: 'error' });
    }
  }, [show, t]);
  useEffect(() => {
    void load();
    consoleApi.assignees().then(
      (r) => setAssignees(r.items),
      () => setAssignees([]),
    );
  }, [load]);
  useLiveReload(load, ['tasks', 'stories']);

  const update = async (task: Task, input: TaskInput, message: string) => {
    setBusy(task.id);
    try {
      await consoleApi.updateTask(task.id, input);
      show({ title: message, tone: 'success' });
      await load();
    } catch (e) {
      show({ title: t('console.workflow.updateFailed'), description: e instanceof ApiError ? e.message : undefined, tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const remove = async (task: Task) => {
    if (!window.confirm(t('console.workflow.confirmDelete', { title: task.title }))) return;
    setBusy(task.id);
    try {
      await consoleApi.deleteTask(task.id);
      show({ title: t('console.workflow.deleted'), tone: 'success' });
      await load();
    } catch {
      show({ title: t('console.workflow.deleteFailed'), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t('console.workflow.title')}
        subtitle={t('console.workflow.subtitle')}
        actions={
          <>
            <button type="button" className="c-button c-button-ghost" onClick={() => setEditing('new')}>
              <PlusIcon size={16} /> {t('console.workflow.newTaskButton')}
            </button>
            <Link className="c-button" to="/dashboard/editor?new=true">
              <PlusIcon size={16} /> {t('console.workflow.newArticle')}
            </Link>
          </>
        }
      />
      {!tasks ? (
        <Skeleton rows={3} label={t('console.workflow.loading')} />
      ) : (
        <div className="c-board">
          {TASK_STATUSES.map((status) => {
            const column = tasks.filter((task) => task.status === status);
            return (
              <section key={status} className="c-column" aria-labelledby={`col-${status}`}>
                <h2 id={`col-${status}`} className="c-column-title">
                  {statusLabel(t, status)} <span className="c-tab-count">{column.length}</span>
                </h2>
                {column.length === 0 ? (
                  <p className="c-hint c-column-empty">{t('console.workflow.noTasks')}</p>
                ) : (
                  <ul className="c-list">
                    {column.map((task) => {
                      const due = dueText(task.deadline, t, fmt.locale);
                      return (
                        <li key={task.id} className="c-task" aria-busy={busy === task.id}>
                          <div className="c-row">
                            <Badge tone={PRIORITY_TONE[task.priority]}>{priorityLabel(t, task.priority)}</Badge>
                            <span className={`c-hint${due.overdue && status !== 'ready_publish' ? ' c-overdue' : ''}`}>
                              <ClockIcon size={13} /> {due.text}
                              {due.overdue && status !== 'ready_publish' ? t('console.workflow.overdue') : ''}
                            </span>
                          </div>
                          <h3 className="c-task-title">{task.title}</h3>
                          {task.notes ? <p className="c-task-notes">{task.notes}</p> : null}
                          {task.story ? (
                            <p className="c-task-story">
                              <Link to={editorPath(task.story.id)}>{task.story.title}</Link> <StageBadge stage={task.story.pipeline_stage} />
                            </p>
                          ) : null}
                          <div className="c-task-controls">
                            <label>
                              <span className="visually-hidden">{t('console.workflow.statusOf', { title: task.title })}</span>
                              <select
                                value={task.status}
                                disabled={busy === task.id}
                                onChange={(e) =>
                                  void update(
                                    task,
                                    { status: e.target.value as TaskStatus },
                                    t('console.workflow.movedTo', { status: statusLabel(t, e.target.value as TaskStatus) }),
                                  )
                                }
                              >
                                {TASK_STATUSES.map((s) => (
                                  <option key={s} value={s}>
                                    {statusLabel(t, s)}
                                  </option>
                                ))}
                              </select>
                            </label>
                            <label>
                              <span className="visually-hidden">{t('console.workflow.assigneeOf', { title: task.title })}</span>
                              <select
                                value={task.assignee?.id ?? ''}
                                disabled={busy === task.id}
                                onChange={(e) =>
                                  void update(
                                    task,
                                    { assigneeId: e.target.value || null },
                                    e.target.value ? t('console.workflow.assigned') : t('console.workflow.unassignedToast'),
                                  )
                                }
                              >
                                <option value="">{t('console.workflow.unassigned')}</option>
                                {assignees.map((a) => (
                                  <option key={a.id} value={a.id}>
                                    {a.email}
                                  </option>
                                ))}
                                {task.assignee && !assignees.some((a) => a.id === task.assignee!.id) ? (
                                  <option value={task.assignee.id}>{task.assignee.email}</option>
                                ) : null}
                              </select>
                            </label>
                            <button
                              type="button"
                              className="c-icon-button"
                              onClick={() => setEditing(task)}
                              aria-label={t('console.workflow.editOf', { title: task.title })}
                              title={t('console.workflow.edit')}
                            >
                              <EditIcon size={16} />
                            </button>
                            <button
                              type="button"
                              className="c-icon-button"
                              onClick={() => void remove(task)}
                              aria-label={t('console.workflow.deleteOf', { title: task.title })}
                              title={t('console.workflow.delete')}
                            >
                              <TrashIcon size={16} />
                            </button>
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      {tasks && tasks.length === 0 ? (
        <EmptyState
          title={t('console.workflow.emptyTitle')}
          action={
            <button type="button" className="c-button" onClick={() => setEditing('new')}>
              {t('console.workflow.createFirst')}
            </button>
          }
        >
          {t('console.workflow.emptyBody')}
        </EmptyState>
      ) : null}
      <RecentStories />
      {editing ? (
        <TaskDialog
          task={editing === 'new' ? null : editing}
          assignees={assignees}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      ) : null}
    </>
  );
}

/** Stories to open in the editor: the most recently changed ones, searchable. */
function RecentStories() {
  const { t, fmt } = useConsoleI18n();
  const [q, setQ] = useState('');
  const [items, setItems] = useState<StoryCard[] | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      consoleApi.articles({ q: q.trim(), limit: 8 }).then(
        (r) => setItems(r.items),
        () => setItems([]),
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);
  return (
    <Card title={t('console.workflow.openStory')}>
      <label className="c-field">
        <span>{t('console.workflow.findStory')}</span>
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('console.workflow.searchPlaceholder')} />
      </label>
      {!items ? (
        <Skeleton rows={2} />
      ) : items.length === 0 ? (
        <p className="c-hint">{t('console.workflow.noMatch')}</p>
      ) : (
        <ul className="c-link-list">
          {items.map((s) => (
            <li key={s.id}>
              <Link to={editorPath(s.id)} lang={s.language ?? 'en'}>
                {s.title}
              </Link>{' '}
              <StageBadge stage={s.pipeline_stage} /> <span className="c-hint">{s.region ? fmt.region(s.region) : ''}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function TaskDialog({
  task,
  storyId,
  assignees,
  onClose,
  onSaved,
}: {
  task: Task | null;
  storyId?: string;
  assignees: Assignee[];
  onClose: () => void;
  onSaved: (task: Task) => void;
}) {
  const { show } = useToast();
  const t = useConsoleT();
  const [title, setTitle] = useState(task?.title ?? '');
  const [notes, setNotes] = useState(task?.notes ?? '');
  const [assigneeId, setAssigneeId] = useState(task?.assignee?.id ?? '');
  const [deadline, setDeadline] = useState(toLocalInput(task?.deadline ?? null));
  const [priority, setPriority] = useState<TaskPriority>(task?.priority ?? 'MEDIUM');
  const [status, setStatus] = useState<TaskStatus>(task?.status ?? 'pending_review');
  const [story, setStory] = useState<{ id: string; title: string } | null>(task?.story ?? null);
  const [storyQuery, setStoryQuery] = useState('');
  const [matches, setMatches] = useState<StoryCard[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (storyId || !storyQuery.trim()) return setMatches([]);
    const timer = setTimeout(
      () =>
        consoleApi.articles({ q: storyQuery.trim(), limit: 6 }).then(
          (r) => setMatches(r.items),
          () => setMatches([]),
        ),
      250,
    );
    return () => clearTimeout(timer);
  }, [storyQuery, storyId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError(t('console.workflow.needsTitle'));
    setBusy(true);
    setError(null);
    const input: TaskInput = {
      title: title.trim(),
      notes,
      assigneeId: assigneeId || null,
      deadline: fromLocalInput(deadline),
      priority,
      status,
      storyId: storyId ?? story?.id ?? null,
    };
    try {
      const saved = task ? (await consoleApi.updateTask(task.id, input)).task : (await consoleApi.createTask({ ...input, title: title.trim() })).task;
      show({ title: task ? t('console.workflow.updated') : t('console.workflow.created'), tone: 'success' });
      onSaved(saved);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('console.workflow.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={task ? t('console.workflow.editTask') : t('console.workflow.newTask')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="c-button c-button-ghost" onClick={onClose} disabled={busy}>
            {t('console.workflow.cancel')}
          </button>
          <button type="submit" form="task-form" className="c-button" disabled={busy || !title.trim()}>
            {busy ? t('console.workflow.saving') : task ? t('console.workflow.saveTask') : t('console.workflow.createTask')}
          </button>
        </>
      }
    >
      <form id="task-form" onSubmit={submit} className="c-form">
        <label className="c-field">
          <span>{t('console.workflow.fieldTitle')}</span>
          <input type="text" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} required />
        </label>
        {storyId ? null : (
          <div className="c-field">
            <label htmlFor="task-story">
              <span className="c-label">{t('console.workflow.fieldStory')}</span>
            </label>
            {story ? (
              <div className="c-row">
                <span className="c-grow">{story.title}</span>
                <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => setStory(null)}>
                  {t('console.workflow.change')}
                </button>
              </div>
            ) : (
              <>
                <input
                  id="task-story"
                  type="search"
                  value={storyQuery}
                  onChange={(e) => setStoryQuery(e.target.value)}
                  placeholder={t('console.workflow.searchStories')}
                />
                {matches.length ? (
                  <ul className="c-link-list">
                    {matches.map((m) => (
                      <li key={m.id}>
                        <button type="button" className="c-link-button" onClick={() => setStory({ id: m.id, title: m.title })}>
                          {m.title}
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            )}
          </div>
        )}
        <div className="c-form-grid">
          <label className="c-field">
            <span>{t('console.workflow.fieldAssignee')}</span>
            <select value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)}>
              <option value="">{t('console.workflow.unassigned')}</option>
              {assignees.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.email}
                </option>
              ))}
            </select>
          </label>
          <label className="c-field">
            <span>{t('console.workflow.fieldDeadline')}</span>
            <input type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
          </label>
          <label className="c-field">
            <span>{t('console.workflow.fieldPriority')}</span>
            <select value={priority} onChange={(e) => setPriority(e.target.value as TaskPriority)}>
              {TASK_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {priorityLabel(t, p)}
                </option>
              ))}
            </select>
          </label>
          <label className="c-field">
            <span>{t('console.workflow.fieldStatus')}</span>
            <select value={status} onChange={(e) => setStatus(e.target.value as TaskStatus)}>
              {TASK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(t, s)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="c-field">
          <span>{t('console.workflow.fieldNotes')}</span>
          <textarea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} rows={3} />
        </label>
        {error ? (
          <p className="c-gate" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
