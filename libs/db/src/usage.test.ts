import { newId } from '@pressroom/contracts';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { createAccount } from './accounts.js';
import { PermissionError } from './auth-errors.js';
import { getOwnerPlan, setOwnerPlan } from './limits.js';
import { failRender, insertUnchargedRender } from './renders.js';
import { rendersPerDay, setOverage } from './usage.js';

describe.each(ENGINES)('usage (%s)', (engine) => {
  const db = useDatabase(engine);

  it('counts renders per UTC day and kind, and the failed ones, zero-filled, oldest first, without the dashboard’s previews', async () => {
    const account = await createAccount(db(), { name: unique('usage') });
    const base = {
      ownerId: account.id,
      accountId: account.id,
      origin: 'html' as const,
      templateId: null,
      format: 'png',
      width: 10,
      height: 10,
    };
    for (const kind of ['image', 'image', 'pdf', 'video']) await insertUnchargedRender(db(), { ...base, id: newId('img'), kind });
    const failedPdf = await insertUnchargedRender(db(), { ...base, id: newId('pdf'), kind: 'pdf' });
    await failRender(db(), {
      id: failedPdf.id,
      error: { slug: 'render-failed', detail: 'The page did not load.' },
      completedAt: new Date(),
    });
    await insertUnchargedRender(db(), { ...base, origin: 'preview', id: newId('img'), kind: 'image' });
    const now = new Date();
    const days = await rendersPerDay(db(), { ownerId: account.id, days: 3, now });
    expect(days).toHaveLength(3);
    expect(days[2]).toEqual({ date: now.toISOString().slice(0, 10), image: 2, gif: 0, pdf: 2, video: 1, failed: 1 });
    expect(days[0]).toMatchObject({ image: 0, gif: 0, pdf: 0, video: 0, failed: 0 });
  });

  it('overage is for paid plans only', async () => {
    const account = await createAccount(db(), { name: unique('overage') });
    const freeOverage = setOverage(db(), { ownerId: account.id, enabled: true });
    await expect(freeOverage).rejects.toThrow(PermissionError);
    await expect(freeOverage).rejects.toThrow('Overage is available on paid plans only (pro, business, enterprise).');
    await setOwnerPlan(db(), { ownerId: account.id, kind: 'account', plan: 'pro' });
    await setOverage(db(), { ownerId: account.id, enabled: true });
    expect((await getOwnerPlan(db(), account.id)).overage).toBe(true);
  });
});
