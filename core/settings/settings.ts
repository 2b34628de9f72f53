import type { Knex } from 'knex';
import { z } from 'zod';
import { readSetting, writeSetting } from './settings-repository';
import { seal, unseal, type SealedValue } from './secret-box';

/**
 * Console settings. The Sanity API token is write-only: it is stored sealed (secret-box.ts) and
 * what leaves this module is only whether one is set and its last four characters.
 */

const SANITY_KEY = 'sanity';
const TOKEN_PURPOSE = 'sanity-api-token';

type StoredSanity = { projectId: string | null; dataset: string; token: SealedValue | null; tokenLast4: string | null };

export type SanitySettings = {
  projectId: string | null;
  dataset: string;
  /** The studio's address, derived from the project id (Sanity hosts studios at {project}.sanity.studio by default). */
  studioUrl: string | null;
  token: { set: boolean; last4: string | null };
  updated_at: string | null;
  updated_by: string | null;
};

export const sanityUpdateSchema = z
  .object({
    projectId: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a Sanity project id: lower-case letters, digits and dashes')
      .nullable()
      .optional(),
    dataset: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'a Sanity dataset name: lower-case letters, digits, _ and -, at most 64')
      .optional(),
    /** A new token replaces the stored one; null removes it; absent keeps it. */
    token: z
      .string()
      .trim()
      .min(8)
      .max(500)
      .regex(/^[\x21-\x7e]+$/, 'a token has no spaces')
      .nullable()
      .optional(),
  })
  .strict();
export type SanityUpdate = z.infer<typeof sanityUpdateSchema>;

const DEFAULT_SANITY: StoredSanity = { projectId: null, dataset: 'production', token: null, tokenLast4: null };

function present(stored: StoredSanity, meta: { updated_at: string; updated_by: string | null } | null): SanitySettings {
  return {
    projectId: stored.projectId,
    dataset: stored.dataset,
    studioUrl: stored.projectId ? `https://${stored.projectId}.sanity.studio` : null,
    token: { set: stored.token !== null, last4: stored.tokenLast4 },
    updated_at: meta?.updated_at ?? null,
    updated_by: meta?.updated_by ?? null,
  };
}

export async function getSanitySettings(db: Knex): Promise<SanitySettings> {
  const row = await readSetting<StoredSanity>(db, SANITY_KEY);
  return present({ ...DEFAULT_SANITY, ...row?.value }, row);
}

export async function updateSanitySettings(db: Knex, input: { update: SanityUpdate; serverSecret: string; actor: string; now: Date }): Promise<SanitySettings> {
  const row = await readSetting<StoredSanity>(db, SANITY_KEY);
  const current: StoredSanity = { ...DEFAULT_SANITY, ...row?.value };
  const { projectId, dataset, token } = input.update;
  const next: StoredSanity = {
    projectId: projectId === undefined ? current.projectId : projectId || null,
    dataset: dataset ?? current.dataset,
    token: token === undefined ? current.token : token === null ? null : seal(input.serverSecret, TOKEN_PURPOSE, token),
    tokenLast4: token === undefined ? current.tokenLast4 : token === null ? null : token.slice(-4),
  };
  await writeSetting(db, SANITY_KEY, next, { actor: input.actor, now: input.now });
  return getSanitySettings(db);
}

/** The token in clear, for server-side calls to Sanity only; never for an API answer. */
export async function readSanityToken(db: Knex, serverSecret: string): Promise<string | null> {
  const row = await readSetting<StoredSanity>(db, SANITY_KEY);
  return row?.value.token ? unseal(serverSecret, TOKEN_PURPOSE, row.value.token) : null;
}

const NOTIFICATIONS_KEY = 'notifications';

/**
 * Which e-mails editors get, each acted upon by the newsletter sender:
 * - sendReports: the editor who started a newsletter send gets a report when it finishes;
 * - failureReports: every admin gets a report when a send finishes with deliveries that failed.
 */
export const notificationSettingsSchema = z.object({ sendReports: z.boolean(), failureReports: z.boolean() }).strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const DEFAULT_NOTIFICATIONS: NotificationSettings = { sendReports: true, failureReports: false };

export async function getNotificationSettings(db: Knex): Promise<NotificationSettings & { updated_at: string | null; updated_by: string | null }> {
  const row = await readSetting<Partial<NotificationSettings>>(db, NOTIFICATIONS_KEY);
  return { ...DEFAULT_NOTIFICATIONS, ...row?.value, updated_at: row?.updated_at ?? null, updated_by: row?.updated_by ?? null };
}

export async function updateNotificationSettings(db: Knex, input: { update: Partial<NotificationSettings>; actor: string; now: Date }) {
  const current = await getNotificationSettings(db);
  const next = notificationSettingsSchema.parse({
    sendReports: input.update.sendReports ?? current.sendReports,
    failureReports: input.update.failureReports ?? current.failureReports,
  });
  await writeSetting(db, NOTIFICATIONS_KEY, next, { actor: input.actor, now: input.now });
  return getNotificationSettings(db);
}
