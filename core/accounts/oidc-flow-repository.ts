import type { Knex } from 'knex';

/** SQL for OpenID sign-ins in progress. */

export type OidcFlow = { provider: string; state: string; nonce: string; code_verifier: string; redirect_to: string };

/**
 * Stores a new flow, deletes expired ones (an index range scan: few rows once they are cleared as
 * they come) and keeps only the client's `maxPerClient` newest, so no client can grow the table.
 */
export async function insertOidcFlow(
  db: Knex,
  input: OidcFlow & { idHash: string; clientHash: string; now: Date; expiresAt: Date; maxPerClient: number },
): Promise<void> {
  await db.raw(`delete from oidc_flows where expires_at <= ?`, [input.now.toISOString()]);
  await db.raw(
    `insert into oidc_flows (id_hash, provider, state, nonce, code_verifier, redirect_to, client_hash, expires_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
    [input.idHash, input.provider, input.state, input.nonce, input.code_verifier, input.redirect_to, input.clientHash, input.expiresAt.toISOString()],
  );
  await db.raw(
    `delete from oidc_flows where id_hash in (
       select id_hash from oidc_flows where client_hash = ? order by created_at desc, id_hash offset ?)`,
    [input.clientHash, input.maxPerClient],
  );
}

/** Removes and returns a live flow: each flow can be finished once. */
export async function takeOidcFlow(db: Knex, idHash: string, now: Date): Promise<OidcFlow | null> {
  const { rows } = await db.raw(`delete from oidc_flows where id_hash = ? returning provider, state, nonce, code_verifier, redirect_to, expires_at`, [idHash]);
  const row = rows[0];
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  return { provider: row.provider, state: row.state, nonce: row.nonce, code_verifier: row.code_verifier, redirect_to: row.redirect_to };
}
