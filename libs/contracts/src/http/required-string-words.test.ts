import '../issue-messages.js';
import { BindingCreate, DataSource, RefreshPolicy } from './bindings.js';
import { GifCaptureRequest } from './gif.js';
import { ImageRequest } from './image.js';

/**
 * A string field with its own "is required" sentence says it only when the field is missing: its other refusals
 * (too long, empty, not a string) are the common words of issue-messages.ts, not "Expected a string" for all of them.
 */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return (result.error?.issues ?? []).filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
}

describe('required string fields with their own words', () => {
  it('a data source URL: missing, too long, not a string', () => {
    expect(messages(DataSource.safeParse({}), 'url')).toEqual(['`url` is required: the http(s) URL of the JSON data.']);
    expect(messages(DataSource.safeParse({ url: `https://example.com/${'a'.repeat(3000)}` }), 'url')).toEqual([
      'Must be at most 2048 characters long',
    ]);
    expect(messages(DataSource.safeParse({ url: 5 }), 'url')).toEqual(['Must be a string, not a number']);
  });

  it("a binding's templateId: missing, too long", () => {
    expect(messages(BindingCreate.safeParse({ name: 'b' }), 'templateId')).toEqual([
      '`templateId` is required: the uid of one of your templates.',
    ]);
    expect(messages(BindingCreate.safeParse({ name: 'b', templateId: 'x'.repeat(201) }), 'templateId')).toEqual([
      'Must be at most 200 characters long',
    ]);
  });

  it('a GIF capture URL: missing, empty', () => {
    expect(messages(GifCaptureRequest.safeParse({}), 'url')).toEqual(['`url` is required.']);
    expect(messages(GifCaptureRequest.safeParse({ url: '' }), 'url')).toEqual(['Must not be empty']);
  });
});

describe('whole numbers', () => {
  it('a fraction where a whole number is asked says so in the common words', () => {
    expect(messages(ImageRequest.safeParse({ html: '<p>x</p>', width: 1.5 }), 'width')).toEqual(['Must be a whole number']);
    expect(messages(RefreshPolicy.safeParse({ ttlSeconds: 60.5 }), 'ttlSeconds')).toEqual(['Must be a whole number of seconds']);
  });
});
