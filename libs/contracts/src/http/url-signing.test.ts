// Through the index: it installs the plain messages of refused fields.
import { SignRenderUrlRequest, URL_RENDER_PARAMS } from '../index.js';

function refused(input: unknown): Record<string, string> {
  const result = SignRenderUrlRequest.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a request to sign a render URL', () => {
  it('takes a template, an image format, text-like variables, a layout, a quality and an expiry', () => {
    const body = { templateUid: 'tpl_1', format: 'webp', variables: { title: 'Hi', n: 3, on: true }, layout: 'square', quality: 0.5 };
    expect(SignRenderUrlRequest.parse({ ...body, expiresInSeconds: 3600 })).toEqual({ ...body, expiresInSeconds: 3600 });
    expect(refused({ templateUid: 'tpl_1', format: 'jpg' })).toEqual({});
  });

  it('names every field at fault at once', () => {
    expect(
      refused({
        templateUid: '',
        format: 'pdf',
        variables: { ok: 'x', nested: { a: 1 } },
        layout: 'Big',
        quality: 1.5,
        expiresInSeconds: 30,
      }),
    ).toEqual({
      templateUid: 'Must not be empty',
      format: 'Must be one of: png, jpg, jpeg, webp',
      'variables.nested': 'Must be text, a number or a boolean: a URL carries text',
      layout: 'Layout keys match ^[a-z0-9-]{1,64}$.',
      quality: 'Must be at most 1',
      expiresInSeconds: 'Must be at least 60',
    });
    expect(Object.keys(refused({ templateUid: 't', format: 'png', surprise: 1 }))).toEqual(['']);
  });

  it('refuses a variable named like a parameter of the render URL, even beside another refused value', () => {
    for (const name of URL_RENDER_PARAMS) {
      expect(refused({ templateUid: 't', format: 'png', variables: { [name]: 'x' } })[`variables.${name}`]).toMatch(
        /parameter of the render URL itself/,
      );
    }
    expect(Object.keys(refused({ templateUid: 't', format: 'png', variables: { token: 'x', bad: null } })).sort()).toEqual([
      'variables.bad',
      'variables.token',
    ]);
    expect(refused({ templateUid: 't', format: 'png', variables: { '': 'x' } })).toEqual({
      'variables.': 'Variable names must not be empty.',
    });
  });
});
