import { z } from 'zod';
import { BatchRenderRequest, GifRequest, ImageRequest } from './index.js';

/** The message of each refused field, `path: message`. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the messages of refused fields', () => {
  it('say what to send on a render request', () => {
    expect(messages(ImageRequest, { html: 'x', width: -5 })).toEqual(['width: Must be at least 1 px']);
    expect(messages(ImageRequest, { html: 'x', width: 'abc' })).toEqual(['width: Must be a number, not a string']);
    expect(messages(ImageRequest, { html: 'x', fileExtension: 'bmp' })).toEqual(['fileExtension: Must be one of: png, jpg, jpeg, webp']);
    expect(messages(ImageRequest, { html: '' })).toEqual(['html: Must not be empty']);
  });

  it('say the unit of a size or a wait with its bounds, and none for a plain count', () => {
    expect(messages(ImageRequest, { html: 'x', width: 5000, height: 0, delayMs: 20_000 })).toEqual([
      'width: Must be at most 4000 px',
      'height: Must be at least 1 px',
      'delayMs: Must be at most 10000 ms',
    ]);
    expect(messages(GifRequest, { html: 'x', width: 2400 })).toEqual(['width: Must be at most 2000 px']);
    expect(messages(BatchRenderRequest, { variableSets: [{}], concurrency: 11 })).toEqual(['concurrency: Must be at most 10']);
  });

  it('keep a schema’s own message', () => {
    expect(messages(ImageRequest, {})).toEqual(['html: One of `html`, `url` or `template` is required.']);
    expect(messages(z.number().min(3, { message: 'Three or more' }), 1)).toEqual([': Three or more']);
  });

  it('cover types, bounds, formats and unknown keys', () => {
    const schema = z
      .object({
        n: z.number().int().positive().multipleOf(5).optional(),
        s: z.string().length(2).optional(),
        e: z.email().optional(),
        u: z.url().optional(),
        a: z.array(z.string()).min(1).max(2).optional(),
        b: z.boolean().optional(),
        k: z.literal('only').optional(),
        r: z.string(),
      })
      .strict();
    const base = { r: 'x' };
    expect(messages(schema, { ...base, n: 1.5 })).toEqual(['n: Must be a whole number']);
    expect(messages(schema, { ...base, n: 0 })).toEqual(['n: Must be greater than 0']);
    expect(messages(schema, { ...base, n: 7 })).toEqual(['n: Must be a multiple of 5']);
    expect(messages(schema, { ...base, n: null })).toEqual(['n: Must be a number, not null']);
    expect(messages(schema, { ...base, n: [1] })).toEqual(['n: Must be a number, not an array']);
    // A browser form's emptied number field reads NaN: no "not not a finite number".
    expect(messages(schema, { ...base, n: Number.NaN })).toEqual(['n: Must be a finite number']);
    expect(messages(z.object({ x: z.number() }), { x: Number.POSITIVE_INFINITY })).toEqual(['x: Must be a finite number']);
    expect(messages(schema, { ...base, s: 'abc' })).toEqual(['s: Must be exactly 2 characters long']);
    expect(messages(schema, { ...base, e: 'x' })).toEqual(['e: Must be a valid email address']);
    expect(messages(schema, { ...base, u: 'nope' })).toEqual(['u: Must be a valid URL']);
    expect(messages(schema, { ...base, a: [] })).toEqual(['a: Must have at least one item']);
    expect(messages(schema, { ...base, a: ['a', 'b', 'c'] })).toEqual(['a: Must have at most 2 items']);
    expect(messages(schema, { ...base, b: 'yes' })).toEqual(['b: Must be a boolean (true or false), not a string']);
    expect(messages(schema, { ...base, k: 'other' })).toEqual(['k: Must be only']);
    expect(messages(schema, {})).toEqual(['r: Is required']);
    expect(messages(schema, { ...base, zz: 1, yy: 2 })).toEqual([': Unknown fields: zz, yy']);
  });

  it('name the field a nested strict object’s unknown key most likely meant', () => {
    const schema = z.object({ filters: z.object({ templateId: z.string().optional(), type: z.string().optional() }).strict() });
    expect(messages(schema, { filters: { templateID: 'tpl_1' } })).toEqual([
      'filters: Unknown field `templateID`; did you mean `templateId`?',
    ]);
    expect(messages(schema, { filters: { tpye: 'gif', colour: 'red' } })).toEqual([
      'filters: Unknown fields: tpye (did you mean `type`?), colour',
    ]);
    expect(messages(schema, { filters: { colour: 'red' } })).toEqual(['filters: Unknown field: colour']);
  });
});
