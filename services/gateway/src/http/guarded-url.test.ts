import { ProblemError } from '@pressroom/problem';
import { ALLOW_PRIVATE_HOSTS_HINT, createSsrfGuard } from '@pressroom/ssrf';
import { assertDataSourceUrl } from '../bindings/data-source-url.js';
import { assertFetchableUrl } from '../renders/target-url.js';
import { assertWebhookTarget } from '../routes/webhook-target.js';

const guard = createSsrfGuard({ allowPrivateHosts: [] });

/** The three URL inputs of the API, each through the one guarded-URL rule. */
const CHECKS: Array<[string, (raw: string) => Promise<unknown>, string]> = [
  ['a URL render', (raw) => assertFetchableUrl(guard, raw), 'url'],
  ['a webhook target', (raw) => assertWebhookTarget(guard, raw, 'targetUrl'), 'targetUrl'],
  ['a data source', (raw) => assertDataSourceUrl(guard, raw), 'dataSource.url'],
];

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ProblemError)) throw new Error(`expected a ProblemError, got ${String(error)}`);
  return error;
}

describe.each(CHECKS)('the guarded URL of %s', (_name, check, field) => {
  it('answers an unresolvable host with a 400 validation-error naming the field', async () => {
    const problem = await problemOf(check('https://no-such-host.invalid/x'));
    expect(problem.status).toBe(400);
    expect(problem.slug).toBe('validation-error');
    expect(problem.errors).toEqual([{ field, message: expect.stringMatching(/could not be resolved/) as unknown }]);
  });

  it('answers a relative URL with a validation-error and a private address with blocked-url', async () => {
    expect((await problemOf(check('/relative'))).errors?.[0]?.field).toBe(field);
    const blocked = await problemOf(check('https://127.0.0.1/'));
    expect([blocked.status, blocked.slug]).toEqual([400, 'blocked-url']);
    expect(blocked.detail).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    expect(blocked.errors?.map((e) => e.field)).toEqual([field]);
  });

  it('never repeats the URL’s user:password in a refusal (answers and the refused-requests log keep the detail)', async () => {
    for (const raw of ['https://ada:s3cret@192.168.1.20/hooks', 'https://ada:s3cret@no-such-host.invalid/x']) {
      const problem = await problemOf(check(raw));
      expect(problem.status).toBe(400);
      expect(JSON.stringify([problem.detail, problem.errors])).not.toContain('s3cret');
      expect(JSON.stringify([problem.detail, problem.errors])).not.toContain('ada');
    }
  });

  it('tells how to admit a private address, once, at the end of the detail and beside the field', async () => {
    const blocked = await problemOf(check('https://192.168.1.20/hooks'));
    expect(blocked.detail).toBe(
      `${field}: The URL https://192.168.1.20/hooks points to a private network address 192.168.1.20 and is blocked. ${ALLOW_PRIVATE_HOSTS_HINT}`,
    );
    expect(blocked.detail.split('PRESSROOM_ALLOW_PRIVATE_HOSTS')).toHaveLength(2);
    expect(blocked.errors?.[0]?.message.endsWith(ALLOW_PRIVATE_HOSTS_HINT)).toBe(true);
    const metadata = await problemOf(check('http://169.254.169.254/latest/meta-data/'));
    expect(metadata.detail).not.toContain('PRESSROOM_ALLOW_PRIVATE_HOSTS');
  });
});

describe('a webhook target with credentials', () => {
  it('is refused for them before any DNS lookup, whatever its host', async () => {
    const problem = await problemOf(assertWebhookTarget(guard, 'https://ada:s3cret@no-such-host.invalid/hook', 'targetUrl'));
    expect([problem.status, problem.slug]).toEqual([400, 'validation-error']);
    expect(problem.errors).toEqual([
      { field: 'targetUrl', message: 'Credentials in the URL are not accepted; verify deliveries by their signature.' },
    ]);
  });
});
