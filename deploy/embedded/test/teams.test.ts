import { addAccountToTeam, createTeam, setOwnerPlan } from '@pressroom/db';
import { FLAVOURS, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';

// Team members share templates and webhook subscriptions; everyone else gets 404s.
describe.each(FLAVOURS.slice(0, 1))('teams (%s)', (flavour) => {
  let stack: TestStack;
  let a: string; // member A of team 1
  let b: string; // member B of team 1
  let other: string; // member of team 2
  let lone: string; // an account without a team

  beforeAll(async () => {
    stack = await startTestStack(flavour, { withImageService: false });
    const memberA = await stack.newAccount();
    const memberB = await stack.newAccount();
    const stranger = await stack.newAccount();
    const team1 = await createTeam(stack.db, { name: `team1-${Date.now()}` });
    const team2 = await createTeam(stack.db, { name: `team2-${Date.now()}` });
    await addAccountToTeam(stack.db, { accountId: memberA.accountId, teamId: team1.id });
    await addAccountToTeam(stack.db, { accountId: memberB.accountId, teamId: team1.id });
    await addAccountToTeam(stack.db, { accountId: stranger.accountId, teamId: team2.id });
    a = memberA.key;
    b = memberB.key;
    other = stranger.key;
    lone = (await stack.newAccount()).key;
  });
  afterAll(() => stack.dispose());

  it('members share templates and webhook subscriptions; outsiders get 404 on every route', async () => {
    const created = await stack.api('/templates', { method: 'POST', key: b, json: { name: 'Shared', html: '<p>{{ name }}</p>' } });
    expect(created.status).toBe(200);
    const uid = ((await created.json()) as { template: { uid: string } }).template.uid;

    // Member A sees B's template, in the list and by uid, and may edit it.
    const listA = (await (await stack.api('/templates', { key: a })).json()) as { templates: { uid: string }[] };
    expect(listA.templates.map((t) => t.uid)).toContain(uid);
    expect((await stack.api(`/templates/${uid}`, { key: a })).status).toBe(200);
    expect((await stack.api(`/templates/${uid}/variables`, { key: a })).status).toBe(200);
    expect((await stack.api(`/templates/${uid}`, { method: 'PUT', key: a, json: { name: 'Shared 2' } })).status).toBe(200);

    const sub = await stack.api('/webhook-subscriptions', {
      method: 'POST',
      key: b,
      json: { event: 'render.completed', targetUrl: 'http://127.0.0.2:9/hook' },
    });
    expect(sub.status).toBe(201);
    const subUid = ((await sub.json()) as { subscription: { uid: string } }).subscription.uid;
    const subsA = (await (await stack.api('/webhook-subscriptions', { key: a })).json()) as { subscriptions: { uid: string }[] };
    expect(subsA.subscriptions.map((s) => s.uid)).toContain(subUid);
    expect((await stack.api(`/webhook-subscriptions/${subUid}`, { key: a })).status).toBe(200);

    for (const outsider of [other, lone]) {
      const list = (await (await stack.api('/templates', { key: outsider })).json()) as { templates: { uid: string }[] };
      expect(list.templates.map((t) => t.uid)).not.toContain(uid);
      const subs = (await (await stack.api('/webhook-subscriptions', { key: outsider })).json()) as { subscriptions: { uid: string }[] };
      expect(subs.subscriptions.map((s) => s.uid)).not.toContain(subUid);
      const attempts: [string, string, unknown?][] = [
        ['GET', `/templates/${uid}`],
        ['PUT', `/templates/${uid}`, { name: 'stolen' }],
        ['GET', `/templates/${uid}/variables`],
        ['POST', `/templates/${uid}/render`, { variables: { name: 'x' } }],
        ['POST', `/templates/${uid}/batch-render`, { variableSets: [{ name: 'x' }] }],
        ['GET', `/webhook-subscriptions/${subUid}`],
        ['PUT', `/webhook-subscriptions/${subUid}`, { targetUrl: 'http://127.0.0.2:9/x' }],
        ['DELETE', `/webhook-subscriptions/${subUid}`],
        ['DELETE', `/templates/${uid}`],
      ];
      for (const [method, path, json] of attempts) {
        const res = await stack.api(path, { method, key: outsider, ...(json === undefined ? {} : { json }) });
        expect([method, path, res.status]).toEqual([method, path, 404]);
      }
    }
    // Still there for the team after all those attempts.
    const still = (await (await stack.api(`/templates/${uid}`, { key: a })).json()) as { template: { name: string } };
    expect(still.template.name).toBe('Shared 2');
    expect((await stack.api(`/webhook-subscriptions/${subUid}`, { key: b })).status).toBe(200);
  });
});

// Renders, batches and bindings are team resources too; a team's plan sets its members' batch caps.
describe('teams share renders, batches and bindings (memory+pglite)', () => {
  let stack: TestStack;
  let a: string;
  let b: string;
  let outsiders: string[];
  let teamId: string;
  let pages: Awaited<ReturnType<typeof startPageServer>>;

  beforeAll(async () => {
    pages = await startPageServer({
      '/data': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"color":"#ff0000"}'),
    });
    stack = await startTestStack('memory+pglite', { gateway: { authCacheMs: 200 } });
    const [memberA, memberB, stranger] = [await stack.newAccount(), await stack.newAccount(), await stack.newAccount()];
    const team = await createTeam(stack.db, { name: `renders-${Date.now()}` });
    const otherTeam = await createTeam(stack.db, { name: `others-${Date.now()}` });
    teamId = team.id;
    await addAccountToTeam(stack.db, { accountId: memberA.accountId, teamId: team.id });
    await addAccountToTeam(stack.db, { accountId: memberB.accountId, teamId: team.id });
    await addAccountToTeam(stack.db, { accountId: stranger.accountId, teamId: otherTeam.id });
    a = memberA.key;
    b = memberB.key;
    outsiders = [stranger.key, (await stack.newAccount()).key];
  });
  afterAll(async () => {
    await stack?.dispose();
    await pages?.close();
  });

  async function post<T>(path: string, key: string, json: unknown, status = 200): Promise<T> {
    const res = await stack.api(path, { method: 'POST', key, json });
    expect([path, res.status]).toEqual([path, status]);
    return (await res.json()) as T;
  }

  it('member B renders an image, a GIF, a PDF, a batch and a binding; member A sees each, outsiders get 404', async () => {
    const html = '<body style="margin:0;background:#00f"></body>';
    const image = await post<{ id: string }>('/image', b, { html, width: 40, height: 40 });
    const gif = (await post<{ gif: { uid: string } }>('/gif', b, { html, width: 40, height: 40, quality: 'low', frameDurationSeconds: 1 }))
      .gif;
    const pdf = await post<{ id: string }>('/pdf/render', b, { html: '<p>team</p>' });
    const template = (
      await post<{ template: { uid: string } }>('/templates', b, {
        name: 'card',
        html: '<p style="color:{{color}}">x</p>',
        width: 40,
        height: 40,
      })
    ).template;
    const batch = await post<{ batchId: string }>(`/templates/${template.uid}/batch-render`, b, { variableSets: [{ color: 'red' }] }, 202);
    const binding = await stack.api('/bindings', {
      method: 'POST',
      key: b,
      json: {
        templateId: template.uid,
        dataSource: { url: pages.url('/data') },
        mapping: { color: 'color' },
        refreshPolicy: { type: 'manual' },
      },
    });
    expect(binding.status).toBe(201);
    const bindingUid = ((await binding.json()) as { binding: { uid: string } }).binding.uid;

    const shared: [string, string][] = [
      [`/image/${image.id}`, '/image'],
      [`/gif/${gif.uid}`, '/gif'],
      [`/pdf/${pdf.id}`, '/pdf'],
      [`/templates/batch/${batch.batchId}/results`, ''],
      [`/bindings/${bindingUid}`, '/bindings'],
    ];
    for (const [path, list] of shared) {
      expect([path, (await stack.api(path, { key: a })).status]).toEqual([path, 200]);
      if (list) expect(JSON.stringify(await (await stack.api(list, { key: a })).json())).toContain(path.split('/').at(-1)!);
    }

    for (const outsider of outsiders) {
      const attempts: [string, string, unknown?][] = [
        ...shared.map(([path]) => ['GET', path] as [string, string]),
        ['POST', `/templates/batch/${batch.batchId}/cancel`],
        ['PUT', `/bindings/${bindingUid}`, { name: 'stolen' }],
        ['POST', `/bindings/${bindingUid}/refresh`],
        ['POST', `/bindings/${bindingUid}/pause`],
        ['DELETE', `/bindings/${bindingUid}`],
      ];
      for (const [method, path, json] of attempts) {
        const res = await stack.api(path, { method, key: outsider, ...(json === undefined ? {} : { json }) });
        expect([method, path, res.status]).toEqual([method, path, 404]);
      }
      for (const [path, list] of shared) {
        if (list) expect(JSON.stringify(await (await stack.api(list, { key: outsider })).json())).not.toContain(path.split('/').at(-1)!);
      }
    }
    expect((await stack.api(`/bindings/${bindingUid}`, { key: b })).status).toBe(200);
  }, 90_000);

  it("applies the team's plan to its members' batch caps, whatever the member's own plan", async () => {
    // Both members' accounts are enterprise; the team is on free (10 items per batch).
    await setOwnerPlan(stack.db, { ownerId: teamId, kind: 'team', plan: 'free' });
    const template = (
      await post<{ template: { uid: string } }>('/templates', a, { name: 'cap', html: '<p>{{n}}</p>', width: 20, height: 20 })
    ).template;
    // The plan is cached with the key for authCacheMs; wait it out.
    await new Promise((r) => setTimeout(r, 300));
    const res = await stack.api(`/templates/${template.uid}/batch-render`, {
      method: 'POST',
      key: a,
      json: { variableSets: Array.from({ length: 11 }, (_, n) => ({ n })) },
    });
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ status: 403, code: 'batch_limit', plan: 'free', limit: 10, items: 11 });
    expect(problem.detail).toMatch(/free plan allows at most 10 items/);
  }, 30_000);
});
