import '../issue-messages.js';
import { BUCKET_RULE, CustomStoragePut, REGION_RULE } from './custom-storage.js';

// A field shows its first error (the dashboard's Bucket field, an API client reading `errors[0]`): every check of
// the bucket and the region says the field's whole rule, so no check's generic words ("Must be at least 3
// characters long") stand where the rule should.

const settings = { bucket: 'acme-renders', accessKeyId: 'AKIA', secretAccessKey: 'secret' };

/** The per-field errors the gateway answers in its problem+json (`errors[]`: the path joined by dots, zod's message). */
function errorsFor(body: Record<string, unknown>): { field: string; message: string; code: string }[] {
  const result = CustomStoragePut.safeParse({ ...settings, ...body });
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
    code: issue.code,
  }));
}

describe('custom storage messages', () => {
  it('answers bucket "b" with the bucket rule for each check it fails, and nothing generic', () => {
    expect(errorsFor({ bucket: 'b' })).toEqual([
      { field: 'bucket', message: BUCKET_RULE, code: 'too_small' },
      { field: 'bucket', message: BUCKET_RULE, code: 'invalid_format' },
    ]);
    expect(BUCKET_RULE).toBe('bucket is 3–63 lower-case letters, digits, dots and dashes (S3 bucket naming).');
  });

  it('says the bucket rule whichever check refuses the name', () => {
    const refused = (bucket: string) => errorsFor({ bucket }).map((e) => [e.field, e.message]);
    expect(refused('ab')).toEqual([['bucket', BUCKET_RULE]]);
    expect(refused('a'.repeat(64))).toEqual([['bucket', BUCKET_RULE]]);
    expect(refused('Acme')).toEqual([['bucket', BUCKET_RULE]]);
    expect(refused('acme-')).toEqual([['bucket', BUCKET_RULE]]);
    expect(refused('abc')).toEqual([]);
    expect(refused('a'.repeat(63))).toEqual([]);
  });

  it('says the region rule whichever check refuses it; an unset region is us-east-1', () => {
    const refused = (region: string) => errorsFor({ region }).map((e) => [e.field, e.message]);
    expect(refused('')).toEqual([
      ['region', REGION_RULE],
      ['region', REGION_RULE],
    ]);
    expect(refused('a'.repeat(65))).toEqual([['region', REGION_RULE]]);
    expect(refused('EU_West')).toEqual([['region', REGION_RULE]]);
    expect(refused('auto')).toEqual([]);
    expect(REGION_RULE).toBe('region is 1–64 lower-case letters, digits and dashes (e.g. us-east-1, auto).');
    expect(CustomStoragePut.parse(settings).region).toBe('us-east-1');
  });
});
