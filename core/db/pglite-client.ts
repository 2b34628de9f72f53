import ClientPgLite from 'knex-pglite';
import { yieldToEventLoop } from '../event-loop';

/**
 * knex's PGlite client, made to share the event loop. PGlite runs each query synchronously in
 * WebAssembly on this thread and resolves it as a microtask, so a caller that awaits nothing but
 * queries (a pipeline run) never let the event loop turn: no request, timer or socket was served
 * until the run ended (issue 25: /healthz silent for over 60 s during a run over 1,479 items).
 * One event-loop turn before each query lets requests in between any two queries, whoever sends them.
 */
type Query = { sql?: string };
type Base = new (config: object) => { _query(connection: unknown, obj: Query): Promise<Query> };

export class YieldingPgliteClient extends (ClientPgLite as unknown as Base) {
  override async _query(connection: unknown, obj: Query): Promise<Query> {
    await yieldToEventLoop();
    return super._query(connection, obj);
  }
}
