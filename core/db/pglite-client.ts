import ClientPgLite from 'knex-pglite';
import { createTimeSlicer, type TimeSlicer } from '../event-loop';

/**
 * knex's PGlite client, made to share the event loop. PGlite runs each query synchronously in
 * WebAssembly on this thread and resolves it as a microtask, so a caller that awaits nothing but
 * queries (a pipeline run) never let the event loop turn: no request, timer or socket was served
 * until the run ended (issue 25: /healthz silent for over 60 s during a run over 1,479 items).
 * Before a query, once 10 ms have passed since the last turn, the loop gets one: requests get in
 * between a run's queries, whoever sends them. Not before every query: each turn costs a system
 * call, which on a loaded machine gives the core away (a full migration took a third longer).
 */
type Query = { sql?: string };
type Base = new (config: object) => { _query(connection: unknown, obj: Query): Promise<Query> };

// One clock per PGlite (the connection): knex's transaction clients are copies of the client without its fields.
const slicers = new WeakMap<object, TimeSlicer>();

export class YieldingPgliteClient extends (ClientPgLite as unknown as Base) {
  override async _query(connection: unknown, obj: Query): Promise<Query> {
    let slice = slicers.get(connection as object);
    if (!slice) slicers.set(connection as object, (slice = createTimeSlicer()));
    await slice();
    return super._query(connection, obj);
  }
}
