import { describe, expect, it } from 'vitest';
import { C360Error } from '../errors';
import { isDatabaseRefusingWrites, isDatabaseUnreachable } from './unreachable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['an unknown host', withCode('ENOTFOUND')],
    ['a server shut down by its admin', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['a connection exception', withCode('08006')],
    ['a pool that gives no connection in time', Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })],
    ['a connection node-postgres saw dropped', new Error('Connection terminated unexpectedly')],
    ['every address refused', Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), {})],
    ['our own error for it', new C360Error('database_unavailable', 'Could not connect')],
    ['a wrapped one', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('true for %s', (_label, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a syntax error', withCode('42601', 'syntax error at or near "selec"')],
    ['a unique violation', withCode('23505')],
    ['a read-only database (it answers: readiness reports it)', withCode('25006')],
    ['a disk-full database', withCode('53100')],
    ['another of our errors', new C360Error('not_found', 'No such story')],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('false for %s', (_label, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

describe('isDatabaseRefusingWrites', () => {
  it.each([
    ['a read-only transaction', withCode('25006', 'cannot execute INSERT in a read-only transaction'), true],
    ['a full disk', withCode('53100', 'could not extend file'), true],
    ['a full disk under the embedded database', withCode('ENOSPC'), true],
    ['a read-only file system', withCode('EROFS'), true],
    ['a wrapped one', new Error('insert failed', { cause: withCode('53100') }), true],
    ['an unreachable database', withCode('ECONNREFUSED'), false],
    ['a unique violation', withCode('23505'), false],
    ['a plain error', new Error('boom'), false],
  ])('%s: %s', (_label, error, expected) => {
    expect(isDatabaseRefusingWrites(error)).toBe(expected);
  });
});
