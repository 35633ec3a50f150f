import { escapeHtml, interpolate, placeholderNames } from '../src/index.js';

describe('interpolate', () => {
  it('fills {{name}} and dotted paths, escaping HTML', () => {
    expect(interpolate('<h1>{{ title }}</h1><p>{{user.name}}</p>', { title: '<b>&"x"</b>', user: { name: 'Ada' } })).toBe(
      '<h1>&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;</h1><p>Ada</p>',
    );
  });

  it('leaves unknown placeholders and single braces literally', () => {
    expect(interpolate('{{missing}} {single} {{Name}}', { name: 'lower' })).toBe('{{missing}} {single} {{Name}}');
  });

  it('prints numbers, booleans and objects', () => {
    expect(interpolate('{{n}} {{b}} {{o}} {{z}}', { n: 0, b: false, o: { a: 1 }, z: null })).toBe('0 false {&quot;a&quot;:1} ');
  });

  it('lists the names a template uses', () => {
    expect(placeholderNames('{{a}} {{ b.c }} {{a}}')).toEqual(['a', 'b.c']);
    expect(escapeHtml(`'`)).toBe('&#39;');
  });
});
