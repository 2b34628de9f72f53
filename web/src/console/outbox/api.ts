import { getJson } from '../../data/api';
import type { OutboxMessage, OutboxSummary } from '../../../../core/demo/outbox-repository';

/** The demo Outbox's calls (server/routes/console-outbox.ts, admins only). */
export type { OutboxMessage, OutboxSummary };
export type OutboxPage = { enabled: boolean; items: OutboxSummary[]; hasMore: boolean; total: number };

export const outboxApi = {
  list: (offset = 0) => getJson<OutboxPage>(`/api/console/outbox?limit=50&offset=${offset}`),
  get: (id: string) => getJson<{ message: OutboxMessage }>(`/api/console/outbox/${encodeURIComponent(id)}`),
};
