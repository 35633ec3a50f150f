import { askedDetails, keepsVariables, KEPT_VARIABLES_MAX_CHARS, withoutUserinfo } from './asked-details.js';

describe('what a render row keeps of the request', () => {
  it('keeps a URL render’s address without its user and password, with its path and query', () => {
    expect(askedDetails({ kind: 'url', url: 'https://ann:secret@example.com/a/b?c=1#top' }, undefined)).toEqual({
      url: 'https://example.com/a/b?c=1#top',
    });
    expect(withoutUserinfo('not a url')).toBeUndefined();
  });

  it('keeps the waits, and nothing of an HTML render’s HTML', () => {
    expect(askedDetails({ kind: 'html' }, { waitForSelector: '#ready', waitForFunction: 'window.done', delayMs: 5 })).toEqual({
      waitForSelector: '#ready',
      waitForFunction: 'window.done',
    });
    expect(askedDetails({ kind: 'html' }, undefined)).toEqual({});
  });

  it('keeps a template render’s variables, unless they are too large to list (a picture as a data URL)', () => {
    expect(askedDetails({ kind: 'html' }, undefined, { headline: 'Spring sale', count: 3 })).toEqual({
      variables: { headline: 'Spring sale', count: 3 },
    });
    expect(askedDetails({ kind: 'html' }, undefined, {})).toEqual({});
    const picture = `data:image/png;base64,${'A'.repeat(KEPT_VARIABLES_MAX_CHARS)}`;
    expect(askedDetails({ kind: 'html' }, undefined, { picture })).toEqual({});
  });

  it('keeps a multi-page PDF’s variable sets by the same rule: some values, within the same limit', () => {
    expect(keepsVariables([{ number: 'A-1' }, {}])).toBe(true);
    expect(keepsVariables([{}, {}])).toBe(false);
    expect(keepsVariables([{ a: 'x'.repeat(KEPT_VARIABLES_MAX_CHARS / 2) }, { b: 'y'.repeat(KEPT_VARIABLES_MAX_CHARS / 2) }])).toBe(false);
  });
});
