import { keyUrlOf, urlValues } from '../src/pages/templates/render-url-values.js';

describe("Use via API's URLs of a render", () => {
  it('leaves a variable without a value out of the URL with a key, so the render uses its default', () => {
    const url = new URL(keyUrlOf('https://press.example', 'tpl_1', { title: 'Hi', subtitle: null, shown: undefined }, 'square'));
    expect(url.pathname).toBe('/r/tpl_1.png');
    expect([...url.searchParams.keys()]).toEqual(['token', 'title', 'layout']);
    expect(url.searchParams.get('title')).toBe('Hi');
    expect(url.search).not.toContain('null');
  });

  it('writes text, numbers and booleans as they are and anything else as JSON text, as the signed link does', () => {
    const values = { title: 'A & B', count: 3, bold: false, items: ['a', 'b'] };
    expect(urlValues({ ...values, none: null })).toEqual({ title: 'A & B', count: 3, bold: false, items: '["a","b"]' });
    const url = new URL(keyUrlOf('https://press.example', 'tpl_1', values));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      token: 'YOUR_API_KEY',
      title: 'A & B',
      count: '3',
      bold: 'false',
      items: '["a","b"]',
    });
  });
});
