import { runInNewContext } from 'node:vm';
import { databaseOpenProblem } from './database-error.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('databaseOpenProblem', () => {
  it('names where DATABASE_URL points, never its user or password, and what the network said', () => {
    const problem = databaseOpenProblem(
      withCode('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED'),
      'postgres://pressroom:Sup3rSecretPw@10.0.0.5:5432/pressroom',
    );
    expect(problem).toBe('cannot open the database at 10.0.0.5:5432/pressroom (DATABASE_URL): connect ECONNREFUSED 10.0.0.5:5432');
    expect(problem).not.toContain('Sup3rSecretPw');
    expect(problem).not.toContain('pressroom:');
  });

  it('reads PostgreSQL’s refusals: no such database, wrong password, too many connections', () => {
    const url = 'postgresql://app:pw@db.internal/prod';
    expect(databaseOpenProblem(withCode('database "prod" does not exist', '3D000'), url)).toBe(
      'cannot open the database at db.internal/prod (DATABASE_URL): database "prod" does not exist',
    );
    expect(databaseOpenProblem(withCode('password authentication failed for user "app"', '28P01'), url)).toContain(
      'password authentication failed',
    );
    expect(databaseOpenProblem(withCode('sorry, too many clients already', '53300'), url)).toContain('too many clients');
  });

  it('names the socket directory of a Unix-socket URL, and reads both attempts of localhost', () => {
    const both = new AggregateError(
      [withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
      '',
    );
    expect(databaseOpenProblem(both, 'postgres://localhost/pressroom')).toBe(
      'cannot open the database at localhost/pressroom (DATABASE_URL): connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(databaseOpenProblem(withCode('connect ENOENT /run/pg/.s.PGSQL.5432', 'ENOENT'), 'postgres:///pressroom?host=/run/pg')).toBe(
      'cannot open the database at socket /run/pg/pressroom (DATABASE_URL): connect ENOENT /run/pg/.s.PGSQL.5432',
    );
    expect(databaseOpenProblem(new Error('Connection terminated due to connection timeout'), 'postgres://h/d')).toContain('timeout');
  });

  it('reads both attempts of an AggregateError made in another realm (Node’s own, under jest’s vm)', () => {
    const foreign = runInNewContext(`new AggregateError([
      Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ], '')`) as unknown;
    expect(foreign instanceof AggregateError).toBe(false);
    expect(databaseOpenProblem(foreign, 'postgres://localhost/pressroom')).toBe(
      'cannot open the database at localhost/pressroom (DATABASE_URL): connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432',
    );
  });

  it('leaves every other error alone (a failing statement, a bug), and PGlite (no DATABASE_URL)', () => {
    expect(databaseOpenProblem(withCode('relation "x" does not exist', '42P01'), 'postgres://h/d')).toBeNull();
    expect(databaseOpenProblem(new TypeError('undefined is not a function'), 'postgres://h/d')).toBeNull();
    expect(
      databaseOpenProblem(withCode("ENOENT: no such file or directory, open 'migrations/meta/_journal.json'", 'ENOENT'), 'postgres://h/d'),
    ).toBeNull();
    expect(databaseOpenProblem(withCode('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'), undefined)).toBeNull();
  });
});
