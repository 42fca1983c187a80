import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { isConnectionLost, isDiskFull, isUniqueViolation, sqlState, SqlState } from './errors.ts';

describe('sqlState', () => {
  it('finds the code however deep drivers and drizzle wrapped it', () => {
    const driver = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(sqlState(driver)).toBe('23505');
    expect(sqlState(new Error('query failed', { cause: driver }))).toBe('23505');
    expect(sqlState(new Error('a', { cause: new Error('b', { cause: driver }) }))).toBe('23505');
    expect(isUniqueViolation(new Error('x', { cause: driver }))).toBe(true);
  });

  it('is undefined for errors that are not the database’s (Node’s own codes are not SQLSTATEs)', () => {
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState(Object.assign(new Error('socket'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(sqlState(null)).toBeUndefined();
    expect(sqlState('23505')).toBeUndefined();
    expect(SqlState.exclusionViolation).toBe('23P01');
  });
});

/** Issue 29 item 1: which failures are the database's absence (503 database_unavailable) or a full disk. */
describe('isConnectionLost and isDiskFull', () => {
  const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('knows a lost connection by SQLSTATE class 08 and 57P01-57P03, however deep', () => {
    for (const code of ['08000', '08003', '08006', '08P01', '57P01', '57P02', '57P03'])
      expect(isConnectionLost(new Error('Failed query', { cause: coded('x', code) })), code).toBe(true);
    for (const code of ['23505', '40001', '57014', '53100'])
      expect(isConnectionLost(coded('x', code)), code).toBe(false);
  });

  it("knows node-postgres' own words and the socket's codes, in an AggregateError too", () => {
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(new Error('a', { cause: new Error('Connection terminated') }))).toBe(true);
    expect(
      isConnectionLost(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isConnectionLost(coded('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(
      isConnectionLost(new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')])),
    ).toBe(true);
    expect(isConnectionLost(new Error('Connection refused by the tutor'))).toBe(false);
    expect(isConnectionLost(new Error('plain'))).toBe(false);
    expect(isConnectionLost(null)).toBe(false);
  });

  it('answers true for what node-postgres really throws when it cannot connect', async () => {
    // Port 1: nothing listens.
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    const err = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isConnectionLost(err)).toBe(true);
  });

  it('knows a full disk by SQLSTATE 53100 and ENOSPC', () => {
    expect(isDiskFull(new Error('Failed query', { cause: coded('could not extend file', '53100') }))).toBe(
      true,
    );
    expect(isDiskFull(coded('ENOSPC: no space left on device, write', 'ENOSPC'))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 28 }))).toBe(true);
    expect(isDiskFull(coded('x', '23505'))).toBe(false);
    expect(isDiskFull(new Error('Connection terminated'))).toBe(false);
  });
});
