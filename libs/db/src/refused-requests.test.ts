import {
  createAccount,
  createApiKey,
  listRefusedRequests,
  recordRefusedRequest,
  REFUSED_REQUESTS_KEPT,
  type NewRefusedRequest,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';

const refusal = (ownerId: string, over: Partial<NewRefusedRequest> = {}): NewRefusedRequest => ({
  ownerId,
  accountId: ownerId,
  method: 'POST',
  path: '/image',
  status: 400,
  slug: 'validation-error',
  title: 'Validation error',
  detail: 'The request body is invalid: width: Must be at least 1',
  errors: [{ field: 'width', message: 'Must be at least 1', code: 'too_small' }],
  keyId: null,
  ...over,
});

describe.each(ENGINES)('refused requests on %s', (engine) => {
  const db = useDatabase(engine);

  it('lists a workspace’s refusals newest first, with the key by name and masked, and no other workspace’s', async () => {
    const account = await createAccount(db(), { name: unique('refused') });
    const other = await createAccount(db(), { name: unique('other') });
    const issued = await createApiKey(db(), { accountId: account.id, label: 'CI' });
    await recordRefusedRequest(db(), refusal(account.id, { keyId: issued.record.id }));
    await recordRefusedRequest(
      db(),
      refusal(account.id, {
        method: 'GET',
        path: '/renders/img_x',
        status: 404,
        slug: 'not-found',
        title: 'Not found',
        detail: 'No render img_x.',
        errors: undefined,
      }),
    );
    await recordRefusedRequest(db(), refusal(other.id, { detail: 'Someone else’s' }));

    const listed = await listRefusedRequests(db(), { ownerId: account.id, limit: 50 });
    expect(listed).toMatchObject([
      { method: 'GET', path: '/renders/img_x', status: 404, slug: 'not-found', detail: 'No render img_x.', errors: [], key: null },
      {
        method: 'POST',
        path: '/image',
        status: 400,
        detail: 'The request body is invalid: width: Must be at least 1',
        errors: [{ field: 'width', message: 'Must be at least 1', code: 'too_small' }],
        key: { id: issued.record.id, name: 'CI', masked: issued.record.masked },
      },
    ]);
    expect(await listRefusedRequests(db(), { ownerId: account.id, limit: 1 })).toHaveLength(1);
  });

  it(`keeps only the newest ${REFUSED_REQUESTS_KEPT} of a workspace, and leaves other workspaces' alone`, async () => {
    const owner = unique('acc');
    const neighbour = unique('acc');
    await recordRefusedRequest(db(), refusal(neighbour, { detail: 'kept' }));
    for (let n = 1; n <= REFUSED_REQUESTS_KEPT + 5; n += 1) {
      await recordRefusedRequest(db(), refusal(owner, { detail: `refusal ${n}`, errors: undefined }));
    }
    const listed = await listRefusedRequests(db(), { ownerId: owner, limit: 1000 });
    expect(listed).toHaveLength(REFUSED_REQUESTS_KEPT);
    expect(listed[0]!.detail).toBe(`refusal ${REFUSED_REQUESTS_KEPT + 5}`);
    expect(listed.at(-1)!.detail).toBe('refusal 6');
    expect(await listRefusedRequests(db(), { ownerId: neighbour, limit: 10 })).toMatchObject([{ detail: 'kept' }]);
  });
});
