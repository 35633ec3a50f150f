import { z } from 'zod';
import { createAccount, createApiKey } from '@pressroom/db';
import type { ProblemError } from '@pressroom/problem';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';
import { parseOrThrow } from './validate.js';

interface Problem {
  type: string;
  detail: string;
  errors: Array<{ field: string; message: string; code: string }>;
}

/* The near-miss rule for unknown body fields, as a client meets it (ADR 0060; the rule's own tests are libs/contracts/src/http/unknown-fields.test.ts). */
describe('unknown body fields at the gateway', () => {
  let gw: TestGateway;
  let key: string;
  const post = (path: string, body: unknown) =>
    fetch(`${gw.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    gw = await startTestGateway('pglite');
    const account = await createAccount(gw.db, { name: `unknown-fields-${Date.now()}` });
    key = (await createApiKey(gw.db, { accountId: account.id })).key;
  }, 120_000);
  afterAll(async () => {
    await gw.close();
  }, 120_000);

  it('POST /image with `widht` is a 400 at `widht` naming `width`, not a render at the default width', async () => {
    const res = await post('/image', { html: '<p>Hi</p>', widht: 800 });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await res.json()) as Problem;
    expect(problem.type).toMatch(/\/validation-error$/);
    expect(problem.errors).toEqual([
      { field: 'widht', message: 'Unknown field `widht`; did you mean `width`?', code: 'unrecognized_keys' },
    ]);
    expect(problem.detail).toBe('The request body is invalid: widht: Unknown field `widht`; did you mean `width`?');
  });

  it('lists the near miss beside the body’s other errors', async () => {
    const problem = (await (await post('/image', { Width: 800, height: 0 })).json()) as Problem;
    expect(problem.errors.map((e) => e.field)).toEqual(['Width', 'height', 'html']);
  });

  it('keeps accepting unknown keys that are no near miss (fields of newer clients)', async () => {
    const res = await post('/templates', { name: 'Card', html: '<p>{{title}}</p>', futureOption: true, thumbnail: 'x' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { template: Record<string, unknown> }).template).not.toHaveProperty('futureOption');
  });

  it('names the field a nested strict object’s unknown key meant: webhook `filters` with `templateID`', async () => {
    const res = await post('/webhook-subscriptions', {
      event: 'render.completed',
      targetUrl: 'https://example.com/hook',
      filters: { templateID: 'tpl_1' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await res.json()) as Problem;
    expect(problem.errors).toEqual([
      { field: 'filters', message: 'Unknown field `templateID`; did you mean `templateId`?', code: 'unrecognized_keys' },
    ]);
    expect(problem.detail).toBe('The request body is invalid: filters: Unknown field `templateID`; did you mean `templateId`?');
  });

  it('answers a strict body’s near misses in place of its plain "Unknown field", leaving the other unknown keys there', () => {
    const strict = z.strictObject({ name: z.string() });
    const thrown = (() => {
      try {
        parseOrThrow(strict, { Name: 'ci', other: 1, more: 2 });
      } catch (error) {
        return error as ProblemError;
      }
      throw new Error('expected a validation problem');
    })();
    expect(thrown.errors).toEqual([
      { field: 'Name', message: 'Unknown field `Name`; did you mean `name`?', code: 'unrecognized_keys' },
      { field: 'name', message: 'Is required', code: 'invalid_type' },
      { field: '(body)', message: 'Unknown fields: other, more', code: 'unrecognized_keys' },
    ]);
    // Queries are not bodies: the rule reads JSON bodies only.
    expect(() => parseOrThrow(z.object({ page: z.string() }), { Page: '1', page: '2' }, 'query')).not.toThrow();
  });
});

describe('one bound per field', () => {
  const problemOf = (schema: z.ZodType, input: unknown) => {
    try {
      parseOrThrow(schema, input);
    } catch (error) {
      return (error as ProblemError).errors ?? [];
    }
    throw new Error('parsed');
  };

  it('says only the schema’s own limit when a huge number also fails the safe-integer bound', () => {
    const errors = problemOf(z.object({ maxRenders: z.number().int().min(1).max(1_000_000_000) }), { maxRenders: 1e20 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ field: 'maxRenders', code: 'too_big' });
    expect(errors[0]!.message).toContain('1000000000');
  });

  it('keeps the tightest lower bound, and the bounds of other fields', () => {
    const errors = problemOf(z.object({ a: z.number().int().min(5), b: z.string().max(2) }), { a: -1e20, b: 'abc' });
    expect(errors.map((e) => e.field)).toEqual(['a', 'b']);
    expect(errors[0]!.message).toContain('5');
  });
});
