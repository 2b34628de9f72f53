import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { C360Error } from '../errors';

/**
 * Secrets at rest (the Sanity API token): AES-256-GCM with a key derived from the server secret
 * by HKDF, a fresh 96-bit IV per value, and the purpose bound in as associated data, so a value
 * cannot be moved to another purpose. Changing the server secret makes stored values unreadable
 * (they must be entered again), never readable by someone without it.
 */

export type SealedValue = { v: 1; iv: string; tag: string; data: string };

function keyFor(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(serverSecret, 'utf8'), Buffer.from('c360-settings-v1'), Buffer.from(purpose), 32));
}

export function seal(serverSecret: string, purpose: string, plaintext: string): SealedValue {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

export function unseal(serverSecret: string, purpose: string, sealed: SealedValue): string {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(serverSecret, purpose), Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new C360Error('config_invalid', 'A stored secret cannot be read with this server secret.', {
      hint: "C360_SESSION_SECRET (or the data directory's server-secret) changed since it was saved: enter the secret again in Settings.",
      cause: error,
    });
  }
}
