import { GifRequest } from './gif.js';
import { ImageRequest } from './image.js';
import { PdfRenderRequest } from './pdf.js';

const issues = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('one source per render body (requireOneSource)', () => {
  it.each([
    ['POST /image', ImageRequest],
    ['POST /gif', GifRequest],
  ])('%s: none asks for one on `html`; two name both on the second', (_, schema) => {
    expect(issues(schema.safeParse({}))).toEqual([['html', 'One of `html`, `url` or `template` is required.']]);
    expect(issues(schema.safeParse({ html: '<p/>', url: 'https://example.com' }))).toEqual([
      ['url', 'Give exactly one of `html`, `url` or `template`; got `html` and `url`.'],
    ]);
  });

  it('POST /pdf/render: none asks for `templateUid`; a template given as `template` is named so', () => {
    expect(issues(PdfRenderRequest.safeParse({}))).toEqual([['templateUid', 'One of `html`, `url` or `templateUid` is required.']]);
    expect(issues(PdfRenderRequest.safeParse({ url: 'https://example.com', template: 'tpl_1' }))).toEqual([
      ['template', 'Give exactly one of `html`, `url` or `templateUid`; got `url` and `template`.'],
    ]);
  });
});
