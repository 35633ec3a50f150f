import { BatchRenderRequest, CsvError, RenderFailedWebhookData, WebhookCreate, WebhookUpdate, parseCsv, parseCsvRecords } from './index.js';

const fields = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.')).sort();

describe('batch CSV', () => {
  it('parses quotes, commas, doubled quotes and line breaks in quotes, any line ending, and a BOM', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","one\r\ntwo"\n1,2,3\r4,,6\n\n';
    expect(parseCsv(text)).toEqual({
      header: ['a', 'b', 'c'],
      rows: [
        { a: 'x, y', b: 'say "hi"', c: 'one\r\ntwo' },
        { a: '1', b: '2', c: '3' },
        { a: '4', b: '', c: '6' },
      ],
    });
    expect(parseCsvRecords('a\n"b\nc"\nd').map((r) => r.line)).toEqual([1, 2, 4]);
    expect(parseCsv('h\nlast').rows).toEqual([{ h: 'last' }]);
  });

  it('keeps a column called __proto__ as a plain key', () => {
    const { rows } = parseCsv('__proto__,b\n1,2\n');
    expect(Object.keys(rows[0]!)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('names the line of what is malformed', () => {
    const error = (text: string) => {
      try {
        parseCsv(text);
      } catch (e) {
        return e instanceof CsvError ? e.message : `not a CsvError: ${String(e)}`;
      }
      return 'no error';
    };
    expect(error('')).toMatch(/line 1: the CSV is empty/);
    expect(error('a,b\n1,2\n"3,4\n')).toMatch(/line 3: a quoted field is never closed/);
    expect(error('a,b\n1,2,3\n')).toMatch(/line 2: the row has 3 fields but the header has 2/);
    expect(error('a,a\n1,2\n')).toMatch(/names column "a" twice/);
    expect(error('a,\n1,2\n')).toMatch(/column 2 of the header has no name/);
    expect(error('a\n"x"y\n')).toMatch(/line 2: unexpected "y" after a closing quote/);
    expect(error('a,b\n1,"x\u0000"\n')).toMatch(/line 2: field 2 contains a NUL character/);
    expect(error('a\ud800\n1\n')).toMatch(/line 1: field 1 contains a lone UTF-16 surrogate/);
  });
});

describe('BatchRenderRequest', () => {
  it('takes rows or a CSV with defaults, and bounds everything the contract bounds', () => {
    expect(BatchRenderRequest.parse({ variableSets: [{ a: 1 }] })).toMatchObject({ format: 'png', quality: 0.9, concurrency: 5 });
    expect(BatchRenderRequest.parse({ csvUrl: 'https://x/y.csv', format: 'jpg' }).format).toBe('jpeg');
    expect(fields(BatchRenderRequest.safeParse({}))).toEqual(['variableSets']);
    expect(fields(BatchRenderRequest.safeParse({ variableSets: [{}], csvUrl: 'https://x' }))).toEqual(['csvUrl']);
    expect(fields(BatchRenderRequest.safeParse({ variableSets: Array.from({ length: 101 }, () => ({})) }))).toEqual(['variableSets']);
    expect(fields(BatchRenderRequest.safeParse({ variableSets: [{}], concurrency: 11, quality: 0.05, mappings: { a: 'b' } }))).toEqual([
      'concurrency',
      'mappings',
      'quality',
    ]);
    expect(fields(BatchRenderRequest.safeParse({ variableSets: [{}], layouts: ['a', 'a'] }))).toEqual(['layouts']);
    expect(fields(BatchRenderRequest.safeParse({ variableSets: [{}], concurrency: 2.5 }))).toEqual(['concurrency']);
  });
});

describe('webhook schemas', () => {
  it('knows the subscribable events, platforms and filters', () => {
    expect(WebhookCreate.parse({ event: 'batch.completed', targetUrl: 'https://x' })).toMatchObject({ platform: 'custom' });
    expect(fields(WebhookCreate.safeParse({ event: 'render.started', targetUrl: 'https://x' }))).toEqual(['event']);
    expect(fields(WebhookCreate.safeParse({ event: 'render.failed', targetUrl: 'https://x', filters: { templateID: 'x' } }))).toEqual([
      'filters',
    ]);
    expect(fields(WebhookUpdate.safeParse({ status: 'paused' }))).toEqual(['status']);
    expect(fields(WebhookUpdate.safeParse({}))).toEqual(['(body)']);
  });

  it('strips routing fields from delivered data', () => {
    const data = { type: 'image', templateId: null, error: 'e', errorCode: 'E', renderId: 'img_1', userId: 'acc_1', ownerId: 'acc_1' };
    expect(RenderFailedWebhookData.parse(data)).toEqual({ type: 'image', templateId: null, error: 'e', errorCode: 'E' });
  });
});
