import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { countUserAlerts, deleteUserAlert, findUserAlert, insertReaderAlert, listUserAlerts, setAlertActive, type Alert } from './alert-repository';
import { MAX_READER_ALERTS, readerAlertInputSchema } from './reader-alert-rules';

/**
 * A reader's own alerts, by e-mail to their account's address: storm advisories and new stories
 * about the islands (and topics) they follow, or one island. They share the console alerts'
 * deliveries and dispatch (alerts.ts); a reader sees and changes only their own, and never an
 * editor's console alerts through these.
 */

export type Owner = { id: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = (id: string) => new C360Error('not_found', `No alert ${id.slice(0, 80)} in your alerts.`);

export function listReaderAlerts(db: Knex, owner: Owner): Promise<Alert[]> {
  return listUserAlerts(db, owner.id, 'reader');
}

export async function createReaderAlert(db: Knex, input: { owner: Owner; alert: unknown; now: Date }): Promise<Alert> {
  const alert = readerAlertInputSchema.parse(input.alert);
  if ((await countUserAlerts(db, input.owner.id, 'reader')) >= MAX_READER_ALERTS) {
    throw new C360Error('conflict', `You have ${MAX_READER_ALERTS} alerts, the most an account may have. Remove one first.`);
  }
  return insertReaderAlert(db, input.owner.id, alert, input.now);
}

export async function setReaderAlertEnabled(db: Knex, input: { owner: Owner; id: string; active: boolean; now: Date }): Promise<Alert> {
  if (!UUID.test(input.id) || !(await setAlertActive(db, input.owner.id, input.id, input.active, input.now, 'reader'))) throw notFound(input.id);
  return (await findUserAlert(db, input.owner.id, input.id, 'reader'))!;
}

export async function deleteReaderAlert(db: Knex, input: { owner: Owner; id: string }): Promise<void> {
  if (!UUID.test(input.id) || !(await deleteUserAlert(db, input.owner.id, input.id, 'reader'))) throw notFound(input.id);
}
