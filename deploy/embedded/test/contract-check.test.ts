import { OPERATIONS } from '@pressroom/contracts';
import { checkContract } from './contract-check.js';

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
/** The example answer the document shows for an operation's status. */
const exampleOf = (operationId: string, status = 200): any =>
  OPERATIONS.find((o) => o.operationId === operationId)!.responses[status]!.example;
const problem = (status: number, slug: string) =>
  json(status, { type: `http://x/errors/${slug}`, title: 'T', status, detail: 'D', instance: '/x' }, 'application/problem+json');

describe('the contract check the harness runs on every answer', () => {
  it('accepts declared statuses whose bodies match', async () => {
    await expect(
      checkContract('POST', '/image', json(200, { id: 'img_1', url: 'http://x/f.png', createdAt: 'now' })),
    ).resolves.toBeUndefined();
    await expect(checkContract('GET', '/pdf/presets', json(200, exampleOf('listPdfPresets')))).resolves.toBeUndefined();
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

  it("accepts every example answer the document shows (Ajv on the document, as for the suites' answers)", async () => {
    const examples = OPERATIONS.flatMap((operation) =>
      Object.entries(operation.responses)
        .filter(([, spec]) => spec.example !== undefined)
        .map(([status, spec]) => ({ operation, status: Number(status), example: spec.example })),
    );
    expect(examples.length).toBeGreaterThanOrEqual(30);
    for (const { operation, status, example } of examples) {
      const path = operation.path.replace(/\{[^}]+\}/g, 'x_1');
      await expect(checkContract(operation.method, path, json(status, example))).resolves.toBeUndefined();
    }
  });

  it('holds the typed answers to their fields: a history entry, a usage or a batch missing one is refused', async () => {
    const history = exampleOf('listRenders');
    const { thumbnailUrl: _dropped, ...withoutThumbnail } = history.items[0];
    await expect(checkContract('GET', '/renders', json(200, { ...history, items: [withoutThumbnail] }))).rejects.toThrow(
      /listRenders: .*thumbnailUrl/,
    );
    await expect(checkContract('GET', '/renders/img_1', json(200, { render: history.items[0] }))).rejects.toThrow(
      /getRender: .*parameters/,
    );
    const { perDay: _perDay, ...usage } = exampleOf('getUsage');
    await expect(checkContract('GET', '/usage', json(200, usage))).rejects.toThrow(/getUsage: .*perDay/);
    const batch = { ...exampleOf('listRecentBatches').batches[0], status: 'done' };
    await expect(checkContract('GET', '/batches', json(200, { batches: [batch] }))).rejects.toThrow(
      /listRecentBatches: .*status must be equal to one of the allowed values/,
    );
    // New fields are allowed: answers may grow.
    await expect(checkContract('GET', '/usage', json(200, { ...exampleOf('getUsage'), storage: { bytes: 1 } }))).resolves.toBeUndefined();
  });
});
