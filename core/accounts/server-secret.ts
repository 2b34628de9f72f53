import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomToken } from './tokens';

/**
 * The server's signing secret (unsubscribe links). C360_SESSION_SECRET when set; otherwise one
 * generated on first start and kept in the data directory (readable by its owner only), so
 * links stay valid across restarts. Several servers sharing a PostgreSQL database must share
 * the secret: set C360_SESSION_SECRET on each. Never logged.
 */
export function loadOrCreateServerSecret(config: { sessionSecret?: string; dataDir: string }): string {
  if (config.sessionSecret) return config.sessionSecret;
  const path = join(config.dataDir, 'server-secret');
  if (existsSync(path)) {
    const stored = readFileSync(path, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}
