import { getJson, postJson } from '../../data/api';
import type { StoryCard } from '../../data/types';

/** The signed-in reader's own API (server/routes/me.ts). */
export type Follows = { regions: string[]; topics: string[] };
export type StoryPage<T = StoryCard> = { items: T[]; offset: number; limit: number; hasMore: boolean };
export type ReaderAlert = {
  id: string;
  kind: 'storm' | 'story';
  scope: 'follows' | 'region';
  place: string | null;
  alert_level: 'low' | 'medium' | 'high' | 'critical';
  is_active: boolean;
  created_at: string;
  deliveries: number;
};
/** Whether alerts can reach the reader: their address must be confirmed (a link e-mailed to it). */
export type AlertEmail = {
  address: string;
  confirmed: boolean;
  sent_at: string | null;
  mail_configured: boolean;
  outcome?: 'sent' | 'recently_sent' | 'already_confirmed' | 'mail_unavailable';
};
export type NewAlert = { kind: 'storm' | 'story'; scope: 'follows' | 'region'; place?: string; alert_level: ReaderAlert['alert_level'] };

export const meApi = {
  follows: () => getJson<{ follows: Follows; options: Follows }>('/api/me/follows'),
  setFollows: (follows: Follows) => postJson<{ follows: Follows }>('/api/me/follows', follows, 'PUT'),
  myCaribbean: (offset = 0) => getJson<StoryPage & { follows: Follows }>(`/api/me/my-caribbean?offset=${offset}`),
  saved: (offset = 0) => getJson<StoryPage<StoryCard & { saved_at: string }>>(`/api/me/saved?offset=${offset}`),
  savedIds: (ids: string[]) => getJson<{ saved: string[] }>(`/api/me/saved/ids?ids=${ids.map(encodeURIComponent).join(',')}`),
  save: (storyId: string) => postJson<{ saved: true }>('/api/me/saved', { storyId }),
  unsave: (storyId: string) => postJson<{ saved: false }>(`/api/me/saved/${encodeURIComponent(storyId)}`, undefined, 'DELETE'),
  alerts: () => getJson<{ alerts: ReaderAlert[]; email: AlertEmail }>('/api/me/alerts'),
  addAlert: (alert: NewAlert) => postJson<{ alert: ReaderAlert; email: AlertEmail }>('/api/me/alerts', alert),
  setAlertActive: (id: string, active: boolean) => postJson<{ alert: ReaderAlert; email?: AlertEmail }>(`/api/me/alerts/${id}`, { is_active: active }, 'PATCH'),
  confirmEmail: () => postJson<{ email: AlertEmail }>('/api/me/confirm-email', {}),
  deleteAlert: (id: string) => postJson<{ deleted: true }>(`/api/me/alerts/${id}`, undefined, 'DELETE'),
  changePassword: (currentPassword: string, newPassword: string) =>
    postJson<{ changed: true; sessionsEnded: number }>('/api/me/password', { currentPassword, newPassword }),
  /** `secret`: the password, or DELETE for an account without one. */
  deleteAccount: (secret: string) => postJson<{ deleted: true }>('/api/me', secret === 'DELETE' ? { confirmation: secret } : { password: secret }, 'DELETE'),
};

/** The sign-in page, coming back here afterwards. */
export function signInHref(back: string): string {
  return `/auth?redirectTo=${encodeURIComponent(back)}`;
}
