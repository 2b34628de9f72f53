import type { Knex } from 'knex';
import { C360Error } from '../errors';
import {
  countTasksByStatus,
  deleteTaskRow,
  findAssignee,
  findAssignees,
  findTask,
  findTasks,
  insertTask,
  storyExists,
  updateTaskRow,
  type EditorialTask,
  type TaskPriority,
  type TaskStatus,
  type TaskValues,
} from './task-repository';

/**
 * The editorial workflow's task list: create, assign, move between the spec's statuses
 * (pending_review → in_progress → ready_publish), delete. A task may point at a story and be
 * assigned to an editor or admin; both are checked when set. Who acted is recorded on the task.
 */

export { TASK_PRIORITIES, TASK_STATUSES, type EditorialTask, type TaskPriority, type TaskStatus } from './task-repository';

export type TaskInput = {
  title?: string;
  notes?: string;
  storyId?: string | null;
  assigneeId?: string | null;
  deadline?: string | null;
  priority?: TaskPriority;
  status?: TaskStatus;
};

export async function listTasks(
  db: Knex,
  filter: { status?: TaskStatus; assigneeId?: string; storyId?: string } = {},
): Promise<{ items: EditorialTask[]; counts: Record<TaskStatus, number> }> {
  return { items: await findTasks(db, filter), counts: await countTasksByStatus(db) };
}

export async function listAssignees(db: Knex) {
  return findAssignees(db);
}

async function checkReferences(db: Knex, input: TaskInput): Promise<void> {
  if (input.storyId && !(await storyExists(db, input.storyId))) throw new C360Error('not_found', `No story with id ${input.storyId}.`);
  if (input.assigneeId) {
    const user = await findAssignee(db, input.assigneeId);
    if (!user) throw new C360Error('not_found', `No user with id ${input.assigneeId}.`);
    if (user.role === 'reader') throw new C360Error('invalid_input', 'Tasks can be assigned to editors and administrators only.');
  }
}

function toValues(input: TaskInput): TaskValues {
  const values: TaskValues = {};
  if (input.title !== undefined) values.title = input.title.trim();
  if (input.notes !== undefined) values.notes = input.notes.trim();
  if (input.storyId !== undefined) values.story_id = input.storyId;
  if (input.assigneeId !== undefined) values.assignee_id = input.assigneeId;
  if (input.deadline !== undefined) values.deadline = input.deadline;
  if (input.priority !== undefined) values.priority = input.priority;
  if (input.status !== undefined) values.status = input.status;
  return values;
}

export async function createTask(db: Knex, input: TaskInput & { title: string }, actor: { email: string }): Promise<EditorialTask> {
  if (!input.title.trim()) throw new C360Error('invalid_input', 'A task needs a title.');
  await checkReferences(db, input);
  const id = await insertTask(db, { ...toValues(input), title: input.title.trim(), actor: actor.email });
  return (await findTask(db, id))!;
}

export async function updateTask(db: Knex, id: string, input: TaskInput, actor: { email: string }): Promise<EditorialTask> {
  if (input.title !== undefined && !input.title.trim()) throw new C360Error('invalid_input', 'A task needs a title.');
  await checkReferences(db, input);
  if (!(await updateTaskRow(db, id, toValues(input), actor.email))) throw new C360Error('not_found', `No task with id ${id}.`);
  return (await findTask(db, id))!;
}

export async function deleteTask(db: Knex, id: string): Promise<void> {
  if (!(await deleteTaskRow(db, id))) throw new C360Error('not_found', `No task with id ${id}.`);
}
