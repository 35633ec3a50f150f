import { parseCsvRecords } from '@pressroom/contracts';
import { recordAuditEvent } from '@pressroom/db';
import { gatewayEnv } from '../config.js';
import { Browser, ENGINES, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

interface Page {
  items: Array<{
    id: string;
    action: string;
    actor: { accountId: string; email: string | null; name: string | null };
    target: { id: string | null; label: string | null };
    key: { id: string; name: string | null; masked: string } | null;
    ip: string | null;
  }>;
  pagination: { limit: number; nextCursor: string | null; hasMore: boolean };
}

describe.each(ENGINES)('the audit log (%s)', (engine) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway(engine, { dashboard: { signupMode: 'open' } });
  });
  afterAll(() => gw.close());

  it('records who changed keys, the signing secret, the password and a team, with the key used and never a secret', async () => {
    const ada = new Browser(gw.baseUrl);
    expect(
      (await ada.request('POST', '/auth/sign-up', { json: { email: 'ada@example.com', password: 'a long password', name: 'Ada' } })).status,
    ).toBe(201);

    const made = (await (await ada.request('POST', '/account/keys', { json: { name: 'CI' } })).json()) as {
      id: string;
      key: string;
      masked: string;
    };
    const spare = (await (await ada.request('POST', '/account/keys', { json: { name: 'Spare' } })).json()) as {
      id: string;
      masked: string;
    };
    expect((await ada.request('DELETE', `/account/keys/${spare.id}`)).status).toBe(204);
    // With a key, not the dashboard: the event names the key.
    const signing = await fetch(`${gw.baseUrl}/account/url-signing-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${made.key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signing.status).toBe(201);
    const { secret, id: secretId } = (await signing.json()) as { secret: string; id: string };
    expect(
      (await ada.request('POST', '/auth/password', { json: { currentPassword: 'a long password', newPassword: 'another long password' } }))
        .status,
    ).toBe(204);
    const team = (await (await ada.request('POST', '/teams', { json: { name: `Audit ${engine}` } })).json()) as { id: string };
    // A refused change is not an event.
    expect((await ada.request('DELETE', '/account/keys/key_doesnotexist')).status).toBe(404);

    const listed = await ada.request('GET', '/account/audit-log');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    const page = (await listed.json()) as Page;
    expect(page.items.map((e) => e.action)).toEqual([
      'account.password_changed',
      'url_signing_secret.created',
      'api_key.revoked',
      'api_key.created',
      'api_key.created',
      'account.signed_in',
    ]);
    const [password, signed, revoked, , created] = page.items;
    expect(password).toMatchObject({ actor: { email: 'ada@example.com', name: 'Ada' }, key: null, target: { id: null } });
    expect(password!.ip).toBe('127.0.0.1');
    expect(signed).toMatchObject({ target: { id: secretId }, key: { id: made.id, name: 'CI', masked: made.masked } });
    expect(revoked).toMatchObject({ target: { id: spare.id, label: `Spare (${spare.masked})` }, key: null });
    expect(created).toMatchObject({ target: { id: made.id, label: `CI (${made.masked})` } });
    const text = JSON.stringify(page);
    expect(text).not.toContain(made.key);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(team.id);
    expect(page.pagination).toEqual({ limit: 50, nextCursor: null, hasMore: false });

    // Filters: a kind of action or one action, and who did it (an event's actor.accountId); the CSV keeps the same.
    const actions = async (query: string) =>
      ((await (await ada.request('GET', `/account/audit-log?${query}`)).json()) as Page).items.map((e) => e.action);
    expect(await actions('action=api_key')).toEqual(['api_key.revoked', 'api_key.created', 'api_key.created']);
    expect(await actions('action=api_key.revoked')).toEqual(['api_key.revoked']);
    expect(await actions('action=webhook')).toEqual([]);
    expect(await actions(`actor=${password!.actor.accountId}&action=account`)).toEqual(['account.password_changed', 'account.signed_in']);
    expect(await actions('actor=acc_someone_else')).toEqual([]);
    const csv = parseCsvRecords(await (await ada.request('GET', '/account/audit-log?format=csv&action=api_key.created')).text());
    expect(csv.slice(1).map((r) => r.fields[1])).toEqual(['api_key.created', 'api_key.created']);
    const badFilter = await ada.request('GET', '/account/audit-log?action=API%20keys&actor=a%20b');
    expect(badFilter.status).toBe(400);
    expect(badFilter.headers.get('content-type')).toContain('application/problem+json');
    expect(((await badFilter.json()) as { errors: Array<{ field: string; message: string }> }).errors).toEqual([
      expect.objectContaining({ field: 'action', message: 'action is an action (`api_key.created`) or a kind of action (`api_key`).' }),
      expect.objectContaining({ field: 'actor', message: "actor is an event's `actor.accountId`." }),
    ]);

    // The team's creation is in the team's log, which is where its people look.
    expect((await ada.request('POST', '/auth/workspace', { json: { workspaceId: team.id } })).status).toBe(200);
    const teamLog = (await (await ada.request('GET', '/account/audit-log')).json()) as Page;
    expect(teamLog.items).toMatchObject([{ action: 'team.created', target: { id: team.id, label: `Audit ${engine}` } }]);
  });

  it('is read in a team by its owners and admins; a member gets a 403 problem, with the session or a key', async () => {
    const carol = new Browser(gw.baseUrl);
    expect(
      (await carol.request('POST', '/auth/sign-up', { json: { email: 'carol@example.com', password: 'a long password' } })).status,
    ).toBe(201);
    const team = (await (await carol.request('POST', '/teams', { json: { name: `Readers ${engine}` } })).json()) as { id: string };
    const invite = (await (await carol.request('POST', `/teams/${team.id}/invites`, { json: { role: 'member' } })).json()) as {
      token: string;
    };
    const dan = new Browser(gw.baseUrl);
    // Signing up with an invitation starts the session in the team, as a member.
    const joined = await dan.request('POST', '/auth/sign-up', {
      json: { email: 'dan@example.com', password: 'a long password', inviteToken: invite.token },
    });
    expect(joined.status).toBe(201);
    const danKey = (await (await dan.request('POST', '/account/keys', { json: { name: 'Dan in the team' } })).json()) as { key: string };

    const refused = await dan.request('GET', '/account/audit-log');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await refused.json()) as { type: string; detail: string };
    expect(problem.type).toContain('forbidden');
    expect(problem.detail).toBe(
      "Only the team's owners and admins can read its audit log. Ask one of them if you need to know who changed what.",
    );
    expect((await dan.request('GET', '/account/audit-log?format=csv')).status).toBe(403);
    expect((await dan.request('GET', '/account/audit-log/actors')).status).toBe(403);
    // The member's key reads what the member may.
    const withKey = await fetch(`${gw.baseUrl}/account/audit-log`, { headers: { authorization: `Bearer ${danKey.key}` } });
    expect(withKey.status).toBe(403);

    expect((await carol.request('POST', '/auth/workspace', { json: { workspaceId: team.id } })).status).toBe(200);
    const ownerView = (await (await carol.request('GET', '/account/audit-log')).json()) as Page;
    expect(ownerView.items.map((e) => e.action)).toEqual([
      'api_key.created',
      'account.signed_in',
      'team.invite_accepted',
      'team.invite_sent',
      'team.created',
    ]);
    // Joining by signing up with the link is an accepted invitation too, naming who joined.
    expect(ownerView.items[2]).toMatchObject({ target: { label: 'dan@example.com' } });
    // Everyone the log names, once each, for the Who filter: whoever of them acted on this page or an older one.
    const actors = ((await (await carol.request('GET', '/account/audit-log/actors')).json()) as { actors: { email: string }[] }).actors;
    expect(actors.map((a) => a.email)).toEqual(['carol@example.com', 'dan@example.com']);
    const members = (await (await carol.request('GET', `/teams/${team.id}/members`)).json()) as {
      items: { userId: string; email: string }[];
    };
    const danId = members.items.find((m) => m.email === 'dan@example.com')!.userId;
    expect((await carol.request('PATCH', `/teams/${team.id}/members/${danId}`, { json: { role: 'admin' } })).status).toBe(200);
    // An admin reads it, and so does the key they made as a member: the role is looked up on each request.
    expect((await dan.request('GET', '/account/audit-log')).status).toBe(200);
    expect((await fetch(`${gw.baseUrl}/account/audit-log`, { headers: { authorization: `Bearer ${danKey.key}` } })).status).toBe(200);
  });

  it('exports the whole log as CSV, newest first, with cells a spreadsheet would run as formulas made text', async () => {
    const erin = new Browser(gw.baseUrl);
    expect((await erin.request('POST', '/auth/sign-up', { json: { email: 'erin@example.com', password: 'a long password' } })).status).toBe(
      201,
    );
    const sly = (await (
      await erin.request('POST', '/account/keys', { json: { name: '=HYPERLINK("https://evil.example"), sheet' } })
    ).json()) as {
      key: string;
      masked: string;
    };
    // With the key: the export names it in the key column.
    const signing = await fetch(`${gw.baseUrl}/account/url-signing-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sly.key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signing.status).toBe(201);
    const secretId = ((await signing.json()) as { id: string }).id;

    const res = await erin.request('GET', '/account/audit-log?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const [header, ...rows] = parseCsvRecords(text).map((r) => r.fields);
    expect(header).toEqual(['time', 'action', 'who', 'key', 'ip', 'note']);
    const json = (await (await erin.request('GET', '/account/audit-log')).json()) as Page;
    expect(rows.map((r) => r[1])).toEqual(json.items.map((e) => e.action));
    expect(rows.map((r) => r[1])).toEqual(['url_signing_secret.created', 'api_key.created', 'account.signed_in']);
    const [byKey, sheet, signedIn] = rows;
    expect(new Date(byKey![0]!).toISOString()).toBe(byKey![0]);
    expect(byKey!.slice(2)).toEqual([
      'erin@example.com',
      `'=HYPERLINK("https://evil.example"), sheet (${sly.masked})`,
      '127.0.0.1',
      secretId,
    ]);
    // A cell that starts like a formula gets a leading quote: a spreadsheet shows it as text.
    expect(sheet![5]).toBe(`'=HYPERLINK("https://evil.example"), sheet (${sly.masked})`);
    expect(sheet![3]).toBe('');
    expect(signedIn!.slice(1)).toEqual(['account.signed_in', 'erin@example.com', '', '127.0.0.1', '']);
    expect(text).not.toContain(sly.key);

    const wrong = await erin.request('GET', '/account/audit-log?format=xml');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['format']);
  });

  it('exports every event across the 500-event pages it reads, newest first, none twice', async () => {
    const fay = new Browser(gw.baseUrl);
    expect((await fay.request('POST', '/auth/sign-up', { json: { email: 'fay@example.com', password: 'a long password' } })).status).toBe(
      201,
    );
    const ownerId = ((await (await fay.request('GET', '/account/audit-log')).json()) as Page).items[0]!.actor.accountId;
    // Written straight to the log (a thousand API calls would take minutes), one at a time so ids follow `i`: with
    // the sign-in, 1,051 events, so the export reads two full pages of 500 and a last one of 51.
    const bulk = 1_050;
    for (let i = 0; i < bulk; i++) {
      await recordAuditEvent(gw.db, { ownerId, accountId: ownerId, keyId: null, action: 'api_key.created', targetLabel: `bulk ${i}` });
    }

    const res = await fay.request('GET', '/account/audit-log?format=csv');
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsvRecords(await res.text()).map((r) => r.fields);
    expect(header).toEqual(['time', 'action', 'who', 'key', 'ip', 'note']);
    const notes = rows.map((r) => r[5]);
    expect(rows).toHaveLength(bulk + 1);
    expect(new Set(notes).size).toBe(rows.length);
    // Newest first, the last page's events included, and the sign-in (the oldest) last.
    const expected = [...Array.from({ length: bulk }, (_, i) => `bulk ${bulk - 1 - i}`), ''];
    expect(notes).toEqual(expected);
    expect(rows.at(-1)![1]).toBe('account.signed_in');
    // Each side of the two page boundaries (rows 500 and 1,000): neighbours, neither repeated nor skipped.
    expect(notes.slice(498, 502)).toEqual(['bulk 551', 'bulk 550', 'bulk 549', 'bulk 548']);
    expect(notes.slice(998, 1002)).toEqual(['bulk 51', 'bulk 50', 'bulk 49', 'bulk 48']);
    const times = rows.map((r) => Date.parse(r[0]!));
    expect(times.every((t, i) => i === 0 || t <= times[i - 1]!)).toBe(true);
  });

  it('pages newest first with a cursor, and refuses a cursor it did not give', async () => {
    const bob = new Browser(gw.baseUrl);
    expect((await bob.request('POST', '/auth/sign-up', { json: { email: 'bob@example.com', password: 'a long password' } })).status).toBe(
      201,
    );
    for (const name of ['one', 'two']) await bob.request('POST', '/account/keys', { json: { name } });
    const three = (await (await bob.request('POST', '/account/keys', { json: { name: 'three' } })).json()) as {
      id: string;
      masked: string;
    };
    const rotated = (await (await bob.request('POST', `/account/keys/${three.id}/rotate`)).json()) as { masked: string };
    const first = (await (await bob.request('GET', '/account/audit-log?limit=2')).json()) as Page;
    // A rotation names the key it replaced and the new one.
    expect(first.items.map((e) => [e.action, e.target.label])).toEqual([
      ['api_key.rotated', `three (${three.masked} → ${rotated.masked})`],
      ['api_key.created', `three (${three.masked})`],
    ]);
    expect(first.pagination).toMatchObject({ limit: 2, hasMore: true });
    const next = (await (await bob.request('GET', `/account/audit-log?limit=2&cursor=${first.pagination.nextCursor}`)).json()) as Page;
    expect(next.items.map((e) => e.target.label?.split(' ')[0])).toEqual(['two', 'one']);
    const last = (await (await bob.request('GET', `/account/audit-log?limit=2&cursor=${next.pagination.nextCursor}`)).json()) as Page;
    expect(last.items.map((e) => e.action)).toEqual(['account.signed_in']);
    expect(last.pagination).toEqual({ limit: 2, nextCursor: null, hasMore: false });

    const bad = await bob.request('GET', '/account/audit-log?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await bad.json()) as { detail: string; errors: Array<{ field: string }> };
    expect(problem.errors.map((e) => e.field)).toEqual(['cursor']);
    expect(problem.detail).toContain('nextCursor');
  });
});

describe('the caller’s address behind a proxy (pglite)', () => {
  const signUp = (gw: TestGateway, email: string) => {
    const browser = new Browser(gw.baseUrl);
    return browser
      .request('POST', '/auth/sign-up', {
        json: { email, password: 'a long password' },
        headers: { 'x-forwarded-for': '203.0.113.7' },
      })
      .then(async (res) => {
        expect(res.status).toBe(201);
        return ((await (await browser.request('GET', '/account/audit-log')).json()) as Page).items[0]!.ip;
      });
  };

  it('PRESSROOM_TRUST_PROXY reads as Express takes it: off by default, true/false, a hop count, or addresses', () => {
    const read = (value?: string) => gatewayEnv.parse(value === undefined ? {} : { PRESSROOM_TRUST_PROXY: value }).PRESSROOM_TRUST_PROXY;
    expect([read(), read('true'), read('false'), read('1'), read('loopback, 10.0.0.0/8')]).toEqual([
      false,
      true,
      false,
      1,
      'loopback, 10.0.0.0/8',
    ]);
  });

  it('is the forwarded one only from a proxy PRESSROOM_TRUST_PROXY names', async () => {
    const trusting = await startTestGateway('pglite', { settings: { trustProxy: 'loopback' } });
    const plain = await startTestGateway('pglite');
    try {
      expect(await signUp(trusting, 'behind@example.com')).toBe('203.0.113.7');
      // Not named: anyone could send the header, so the connection's own address stands.
      expect(await signUp(plain, 'direct@example.com')).toBe('127.0.0.1');
    } finally {
      await trusting.close();
      await plain.close();
    }
  });
});
