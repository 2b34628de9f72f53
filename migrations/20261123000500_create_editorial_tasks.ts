import type { Knex } from 'knex';

/**
 * The editorial workflow's task list (console spec: Editorial task): a title, optionally the
 * story it is about and the editor it is assigned to, a deadline, a priority (HIGH, MEDIUM, LOW)
 * and a status (pending_review, in_progress, ready_publish). A task outlives its story or its
 * assignee (both set null when deleted). created_by/updated_by hold the acting user's e-mail.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table editorial_tasks (
      id uuid primary key default gen_random_uuid(),
      title text not null check (length(btrim(title)) between 1 and 200),
      notes text not null default '' check (length(notes) <= 2000),
      story_id uuid references synced_content (id) on delete set null,
      assignee_id uuid references users (id) on delete set null,
      deadline timestamptz,
      priority text not null default 'MEDIUM' check (priority in ('HIGH', 'MEDIUM', 'LOW')),
      status text not null default 'pending_review' check (status in ('pending_review', 'in_progress', 'ready_publish')),
      created_by text not null,
      updated_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create index editorial_tasks_status_idx on editorial_tasks (status, deadline)');
  await knex.raw('create index editorial_tasks_story_idx on editorial_tasks (story_id) where story_id is not null');
  await knex.raw('create index editorial_tasks_assignee_idx on editorial_tasks (assignee_id) where assignee_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table editorial_tasks');
}
