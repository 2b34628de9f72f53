import type { Knex } from 'knex';

/** SQL for editorial tasks (table editorial_tasks), with the story and assignee they point to. */

export const TASK_PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_STATUSES = ['pending_review', 'in_progress', 'ready_publish'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export type EditorialTask = {
  id: string;
  title: string;
  notes: string;
  status: TaskStatus;
  priority: TaskPriority;
  deadline: string | null;
  story: { id: string; title: string; pipeline_stage: string; region: string } | null;
  assignee: { id: string; email: string } | null;
  created_by: string;
  updated_by: string;
  created_at: string;
  updated_at: string;
};

export type TaskValues = {
  title?: string;
  notes?: string;
  story_id?: string | null;
  assignee_id?: string | null;
  deadline?: string | null;
  priority?: TaskPriority;
  status?: TaskStatus;
};

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function rowToTask(row: Record<string, unknown>): EditorialTask {
  return {
    id: row.id as string,
    title: row.title as string,
    notes: row.notes as string,
    status: row.status as TaskStatus,
    priority: row.priority as TaskPriority,
    deadline: iso(row.deadline),
    story: row.story_id
      ? { id: row.story_id as string, title: row.story_title as string, pipeline_stage: row.story_stage as string, region: row.story_region as string }
      : null,
    assignee: row.assignee_id ? { id: row.assignee_id as string, email: row.assignee_email as string } : null,
    created_by: row.created_by as string,
    updated_by: row.updated_by as string,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

function selectTasks(db: Knex): Knex.QueryBuilder {
  return db('editorial_tasks as t')
    .leftJoin('synced_content as s', 's.id', 't.story_id')
    .leftJoin('users as u', 'u.id', 't.assignee_id')
    .select(
      't.id',
      't.title',
      't.notes',
      't.status',
      't.priority',
      't.deadline',
      't.created_by',
      't.updated_by',
      't.created_at',
      't.updated_at',
      's.id as story_id',
      's.title as story_title',
      's.pipeline_stage as story_stage',
      's.region as story_region',
      'u.id as assignee_id',
      'u.email as assignee_email',
    );
}

export const TASK_LIST_LIMIT = 200;

/** Open work first: by status, then the nearest deadline (none last), then priority. */
export async function findTasks(db: Knex, filter: { status?: TaskStatus; assigneeId?: string; storyId?: string; limit?: number }): Promise<EditorialTask[]> {
  const q = selectTasks(db);
  if (filter.status) q.where('t.status', filter.status);
  if (filter.assigneeId) q.where('t.assignee_id', filter.assigneeId);
  if (filter.storyId) q.where('t.story_id', filter.storyId);
  const rows = await q
    .orderByRaw(
      `array_position(array['pending_review','in_progress','ready_publish'], t.status), t.deadline asc nulls last, array_position(array['HIGH','MEDIUM','LOW'], t.priority), t.created_at desc`,
    )
    .limit(Math.min(filter.limit ?? TASK_LIST_LIMIT, TASK_LIST_LIMIT));
  return rows.map(rowToTask);
}

export async function findTask(db: Knex, id: string): Promise<EditorialTask | null> {
  const row = await selectTasks(db).where('t.id', id).first();
  return row ? rowToTask(row) : null;
}

export async function countTasksByStatus(db: Knex): Promise<Record<TaskStatus, number>> {
  const rows = await db('editorial_tasks').select('status').count({ n: '*' }).groupBy('status');
  const counts = { pending_review: 0, in_progress: 0, ready_publish: 0 } as Record<TaskStatus, number>;
  for (const r of rows as { status: TaskStatus; n: string | number }[]) counts[r.status] = Number(r.n);
  return counts;
}

export async function insertTask(db: Knex, values: TaskValues & { title: string; actor: string }): Promise<string> {
  const { actor, ...rest } = values;
  const [row] = await db('editorial_tasks')
    .insert({ ...rest, created_by: actor, updated_by: actor })
    .returning('id');
  return String(row.id);
}

export async function updateTaskRow(db: Knex, id: string, values: TaskValues, actor: string): Promise<boolean> {
  const rows = await db('editorial_tasks')
    .update({ ...values, updated_by: actor, updated_at: db.fn.now() })
    .where('id', id)
    .returning('id');
  return rows.length > 0;
}

export async function deleteTaskRow(db: Knex, id: string): Promise<boolean> {
  const rows = await db('editorial_tasks').delete().where('id', id).returning('id');
  return rows.length > 0;
}

/** Editors and admins, who may be given a task. */
export async function findAssignees(db: Knex): Promise<{ id: string; email: string; role: string }[]> {
  const rows = await db('users').select('id', 'email', 'role').whereIn('role', ['editor', 'admin']).orderBy('email').limit(500);
  return rows.map((r: { id: string; email: string; role: string }) => ({ id: r.id, email: r.email, role: r.role }));
}

export async function findAssignee(db: Knex, id: string): Promise<{ id: string; role: string } | null> {
  const row = await db('users').select('id', 'role').where('id', id).first();
  return row ? { id: row.id as string, role: row.role as string } : null;
}

export async function storyExists(db: Knex, id: string): Promise<boolean> {
  return (await db('synced_content').select('id').where('id', id).first()) !== undefined;
}
