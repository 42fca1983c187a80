import { describe, expect, it } from 'vitest';
import { isUniqueViolation, sqlState, SqlState } from './errors.ts';

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
