import { newId } from '@pressroom/contracts';
import { eq } from 'drizzle-orm';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { createAccount } from './accounts.js';
import { PermissionError } from './auth-errors.js';
import { getOwnerPlan, insertRenderWithinCredits, renderCreditsUsed, setOwnerPlan } from './limits.js';
import { failRender, insertUnchargedRender } from './renders.js';
import { renders } from './schema.js';
import { setOverage, usageCounts } from './usage.js';

/** A small HTML render of the account's own, the fields every render row here shares. */
const renderOf = (accountId: string) =>
  ({ ownerId: accountId, accountId, origin: 'html', templateId: null, format: 'png', width: 10, height: 10 }) as const;

describe.each(ENGINES)('usage (%s)', (engine) => {
  const db = useDatabase(engine);

  it('counts renders per UTC day and kind, and the failed ones, zero-filled, oldest first, without the dashboard’s previews', async () => {
    const account = await createAccount(db(), { name: unique('usage') });
    const base = renderOf(account.id);
    for (const kind of ['image', 'image', 'pdf', 'video']) await insertUnchargedRender(db(), { ...base, id: newId('img'), kind });
    const failedPdf = await insertUnchargedRender(db(), { ...base, id: newId('pdf'), kind: 'pdf' });
    await failRender(db(), {
      id: failedPdf.id,
      error: { slug: 'render-failed', detail: 'The page did not load.' },
      completedAt: new Date(),
    });
    await insertUnchargedRender(db(), { ...base, origin: 'preview', id: newId('img'), kind: 'image' });
    const now = new Date();
    const days = (await usageCounts(db(), { ownerId: account.id, days: 3, now })).perDay;
    expect(days).toHaveLength(3);
    expect(days[2]).toMatchObject({ date: now.toISOString().slice(0, 10), image: 2, gif: 0, pdf: 2, video: 1, failed: 1 });
    expect(days[0]).toMatchObject({ image: 0, gif: 0, pdf: 0, video: 0, failed: 0, bindingRefreshes: 0, aiScreenshots: 0 });
  });

  it('says why renders were free, each render in one class only: failed, binding refresh or AI screenshot; the rest charged', async () => {
    const account = await createAccount(db(), { name: unique('usage-free') });
    const base = { ownerId: account.id, accountId: account.id, templateId: null, format: 'png', width: 10, height: 10, kind: 'image' };
    const fail = (id: string) =>
      failRender(db(), { id, error: { slug: 'render-failed', detail: 'The page did not load.' }, completedAt: new Date() });
    // Charged: two renders and a 1.5-credit capture; one more charged render fails (its credit comes back), twice (a retry's failure).
    await insertRenderWithinCredits(db(), { ...base, origin: 'html', id: newId('img') });
    await insertRenderWithinCredits(db(), { ...base, origin: 'template', id: newId('img') });
    await insertRenderWithinCredits(db(), { ...base, origin: 'capture', kind: 'gif', cost: 1.5, id: newId('gif') });
    const failed = await insertRenderWithinCredits(db(), { ...base, origin: 'url', id: newId('img') });
    await fail(failed.id);
    await fail(failed.id);
    // Binding refreshes (cost 0): two done, one failed (counted as failed only).
    await insertUnchargedRender(db(), { ...base, origin: 'binding', id: newId('img') });
    await insertUnchargedRender(db(), { ...base, origin: 'binding', id: newId('img') });
    const failedRefresh = await insertUnchargedRender(db(), { ...base, origin: 'binding', id: newId('img') });
    await fail(failedRefresh.id);
    // An AI screenshot: a URL render inserted with cost 0 (the AI credits include it).
    await insertRenderWithinCredits(db(), { ...base, origin: 'url', cost: 0, id: newId('img') });
    // A preview: counted nowhere.
    await insertUnchargedRender(db(), { ...base, origin: 'preview', id: newId('img') });

    const now = new Date();
    const { perDay, period } = await usageCounts(db(), { ownerId: account.id, days: 1, now });
    const [today] = perDay;
    expect(today).toEqual({
      date: now.toISOString().slice(0, 10),
      image: 7,
      gif: 1,
      pdf: 0,
      video: 0,
      failed: 2,
      bindingRefreshes: 2,
      aiScreenshots: 1,
    });
    expect(period).toEqual({ total: 8, charged: 3, failed: 2, bindingRefreshes: 2, aiScreenshots: 1 });
    expect(period.charged + period.failed + period.bindingRefreshes + period.aiScreenshots).toBe(period.total);
    // The credits agree: the three charged renders' 1 + 1 + 1.5, the failed one's credit given back once.
    expect((await renderCreditsUsed(db(), { ownerId: account.id, now })).used).toBe(3.5);
    // Next month's period starts empty.
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2));
    expect((await usageCounts(db(), { ownerId: account.id, days: 1, now: nextMonth })).period).toEqual({
      total: 0,
      charged: 0,
      failed: 0,
      bindingRefreshes: 0,
      aiScreenshots: 0,
    });
  });

  it('counts the credit period by its own days, whether the chart’s days reach back further or not as far', async () => {
    const account = await createAccount(db(), { name: unique('usage-window') });
    const base = renderOf(account.id);
    const at = async (iso: string, kind: string) => {
      const render = await insertRenderWithinCredits(db(), { ...base, id: newId('img'), kind });
      await db()
        .orm.update(renders)
        .set({ createdAt: new Date(iso) })
        .where(eq(renders.id, render.id));
    };
    await at('2026-11-30T23:59:59Z', 'image'); // the day before the period: charted, not in it
    await at('2026-12-01T00:00:00Z', 'pdf'); // the period's first instant
    await at('2026-12-05T12:00:00Z', 'gif');
    const now = new Date('2026-12-07T08:00:00Z');
    const week = await usageCounts(db(), { ownerId: account.id, days: 10, now });
    expect(week.perDay.map((d) => [d.date, d.image + d.gif + d.pdf + d.video])).toEqual([
      ['2026-11-28', 0],
      ['2026-11-29', 0],
      ['2026-11-30', 1],
      ['2026-12-01', 1],
      ['2026-12-02', 0],
      ['2026-12-03', 0],
      ['2026-12-04', 0],
      ['2026-12-05', 1],
      ['2026-12-06', 0],
      ['2026-12-07', 0],
    ]);
    expect(week.period).toEqual({ total: 2, charged: 2, failed: 0, bindingRefreshes: 0, aiScreenshots: 0 });
    // Two days charted; the period still counts from its first day.
    const twoDays = await usageCounts(db(), { ownerId: account.id, days: 2, now });
    expect(twoDays.perDay.map((d) => d.date)).toEqual(['2026-12-06', '2026-12-07']);
    expect(twoDays.period).toEqual(week.period);
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
