import { z } from 'zod';
import { commonEnv } from './fragments.js';
import { ConfigError, parseEnv } from './parse-env.js';

const common = z.object(commonEnv);
const problemsOf = (env: NodeJS.ProcessEnv): string => {
  try {
    parseEnv('probe', common, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a configuration error');
};

describe('DATABASE_URL', () => {
  it('takes PostgreSQL URLs, with a host or a Unix socket (?host=)', () => {
    for (const url of [
      'postgres://postgres:pw@127.0.0.1:5432/pressroom',
      'postgresql://pressroom@db.internal/pressroom?sslmode=require',
      'postgres:///pressroom?host=/var/run/postgresql',
      'postgres://[::1]:5432/pressroom',
    ]) {
      expect(parseEnv('probe', common, { DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
    expect(parseEnv('probe', common, {}).DATABASE_URL).toBeUndefined();
  });

  it('refuses anything else at boot, naming the variable and never repeating the value (it holds the password)', () => {
    const cases: Array<[string, RegExp]> = [
      ['not a url SuperSecretDbPw123', /DATABASE_URL: must be a PostgreSQL URL .*\(the value is not a URL\)/],
      [
        'mysql://root:SuperSecretDbPw123@db/pressroom',
        /DATABASE_URL: must be a PostgreSQL URL .*\(its scheme is "mysql", not postgres or postgresql\)/,
      ],
      ['postgres://', /DATABASE_URL: must name the database server/],
    ];
    for (const [value, message] of cases) {
      const problems = problemsOf({ DATABASE_URL: value });
      expect(problems).toMatch(message);
      expect(problems).not.toContain('SuperSecretDbPw123');
    }
  });
});

describe('PRESSROOM_MIGRATE', () => {
  it('is auto unless turned off; nothing else', () => {
    expect(parseEnv('probe', common, {}).PRESSROOM_MIGRATE).toBe('auto');
    expect(parseEnv('probe', common, { PRESSROOM_MIGRATE: 'off' }).PRESSROOM_MIGRATE).toBe('off');
    expect(problemsOf({ PRESSROOM_MIGRATE: 'no' })).toMatch(/PRESSROOM_MIGRATE: /);
  });
});

describe('PRESSROOM_NATS_REPLICAS', () => {
  it('is 1 by default and takes 1 to 5 (JetStream’s limit)', () => {
    expect(parseEnv('probe', common, {}).PRESSROOM_NATS_REPLICAS).toBe(1);
    expect(parseEnv('probe', common, { PRESSROOM_NATS_REPLICAS: '3' }).PRESSROOM_NATS_REPLICAS).toBe(3);
    for (const bad of ['0', '6', '2.5', 'three']) expect(problemsOf({ PRESSROOM_NATS_REPLICAS: bad })).toMatch(/PRESSROOM_NATS_REPLICAS: /);
  });
});
