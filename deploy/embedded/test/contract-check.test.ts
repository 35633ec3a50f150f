import { checkContract } from './contract-check.js';

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
const problem = (status: number, slug: string) =>
  json(status, { type: `http://x/errors/${slug}`, title: 'T', status, detail: 'D', instance: '/x' }, 'application/problem+json');

describe('the contract check the harness runs on every answer', () => {
  it('accepts declared statuses whose bodies match', async () => {
    await expect(
      checkContract('POST', '/image', json(200, { id: 'img_1', url: 'http://x/f.png', createdAt: 'now' })),
    ).resolves.toBeUndefined();
    await expect(checkContract('GET', '/pdf/presets', json(200, { presets: { A4: {} } }))).resolves.toBeUndefined();
    await expect(checkContract('POST', '/image', problem(429, 'quota-exceeded'))).resolves.toBeUndefined();
    await expect(checkContract('GET', '/no/such/thing', problem(404, 'route-not-found'))).resolves.toBeUndefined();
    await expect(checkContract('GET', '/image/canvas', problem(405, 'method-not-allowed'))).resolves.toBeUndefined();
  });

  it('rejects an undeclared status, a body that does not match, a problem that is not RFC 9457, an unknown route answering 200', async () => {
    await expect(checkContract('GET', '/pdf/presets', json(201, {}))).rejects.toThrow(/201 is not a declared status of listPdfPresets/);
    await expect(checkContract('POST', '/image', json(200, { id: 'img_1' }))).rejects.toThrow(/body does not match renderImage/);
    await expect(checkContract('GET', '/templates', json(401, { error: 'no' }, 'application/problem+json'))).rejects.toThrow(
      /problem body/,
    );
    await expect(checkContract('GET', '/no/such/thing', json(200, {}))).rejects.toThrow(/matches no operation/);
  });
});
