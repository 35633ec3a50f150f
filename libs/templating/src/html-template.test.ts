import { ProblemError } from '@pressroom/problem';
import type { VariableDefinition } from '@pressroom/contracts';
import { renderHtmlTemplate } from './index.js';

function render(
  html: string,
  variables: Record<string, unknown> = {},
  definitions: Array<Partial<VariableDefinition> & { name: string }> = [],
  strictVariables = false,
): string {
  return renderHtmlTemplate({
    html,
    variables,
    definitions: definitions.map((d) => ({ type: 'text', allowRawHtml: false, ...d })),
    strictVariables,
  });
}

function problem(fn: () => unknown): ProblemError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ProblemError);
    return error as ProblemError;
  }
  throw new Error('expected a problem');
}

describe('renderHtmlTemplate', () => {
  it('templates without _if/_for skip the HTML parse (the markup is kept byte for byte)', () => {
    const html = '<p>unclosed {{ a }}<div class=x>{{ b }}';
    expect(render(html, { a: 1, b: '<x>' })).toBe('<p>unclosed 1<div class=x>&lt;x&gt;');
  });

  it('_if drops falsy elements with their subtree and removes the attribute from kept ones', () => {
    const html =
      '<div><p _if="show" class="a">yes {{ name }}</p><p _if="!show">no</p><p _if="count > 2">many</p><section _if="hidden"><b>{{ name }}</b></section></div>';
    expect(render(html, { show: true, count: 3, hidden: false, name: 'Ada' })).toBe('<div><p class="a">yes Ada</p><p>many</p></div>');
    expect(render(html, { show: false, count: 1, hidden: [], name: 'Ada' })).toBe('<div><p>no</p></div>');
  });

  it('_if on a variable that was not supplied drops the element; an undefined name inside an expression is an error', () => {
    expect(render('<i _if="promo">sale</i>ok')).toBe('ok');
    const error = problem(() => render('<i _if="promo && 1">sale</i>'));
    expect(error.slug).toBe('expression-error');
    expect(error.extensions).toEqual({ expression: 'promo && 1', position: 1 });
    expect(error.detail).toMatch(/Undefined variable "promo"/);
  });

  it('_for repeats the element per item with item and index in scope; nested loops see outer names', () => {
    const html =
      '<ul><li _for="item, i in items" data-i="{{ i }}">{{ i + 1 }}. {{ item.name }}<span _for="tag in item.tags">[{{ tag }}@{{ item.name }}]</span></li></ul>';
    const items = [
      { name: 'Pen', tags: ['a', 'b'] },
      { name: 'Ink', tags: [] },
    ];
    expect(render(html, { items })).toBe(
      '<ul><li data-i="0">1. Pen<span>[a@Pen]</span><span>[b@Pen]</span></li><li data-i="1">2. Ink</li></ul>',
    );
    expect(render('<p _for="(x, n) in [1, 2]">{{x}}{{n}}</p>')).toBe('<p>10</p><p>21</p>');
  });

  it('_if on a _for element filters per item', () => {
    expect(render('<b _for="n in nums" _if="n % 2 == 0">{{ n }}</b>', { nums: [1, 2, 3, 4] })).toBe('<b>2</b><b>4</b>');
  });

  it('_for over a missing variable repeats nothing; over a non-array is an error; a malformed _for is an error', () => {
    expect(render('<p _for="x in nothing">{{x}}</p>end')).toBe('end');
    expect(problem(() => render('<p _for="x in 5">{{x}}</p>')).detail).toMatch(/_for needs an array to repeat over; got number/);
    expect(problem(() => render('<p _for="x of items">{{x}}</p>', { items: [] })).detail).toMatch(/_for must read/);
    expect(problem(() => render('<p _for="__proto__ in items">x</p>', { items: [1] })).detail).toMatch(/_for must read/);
  });

  it('keeps whole documents as documents and fragments as fragments', () => {
    expect(render('<!doctype html><html><body><p _if="a">x</p></body></html>', { a: 1 })).toBe(
      '<!DOCTYPE html><html><head></head><body><p>x</p></body></html>',
    );
    expect(render('<tr _for="r in rows"><td>{{r}}</td></tr>', { rows: [1] })).toBe('<tr><td>1</td></tr>');
  });

  it('placeholders may build tag names (same text, same element), validated', () => {
    expect(render('<h{{ level }} _if="1">{{ level }}</h{{ level }}><p>after</p>', { level: 2 })).toBe('<h2>2</h2><p>after</p>');
    expect(render('<div _for="l in [1, 3]"><h{{ l }}>x</h{{ l }}></div>')).toBe('<div><h1>x</h1></div><div><h3>x</h3></div>');
    expect(problem(() => render('<h{{ t }} _if="1">x</h{{ t }}>', { t: ' onload=alert(1)' })).detail).toMatch(/tag name .* is not valid/);
  });

  it('expressions may contain < > & and quotes, in text and in attributes', () => {
    const html = `<p _if="a < b && b > 0" title="{{ a < b ? "lt" : 'ge' }}">{{ a<b }} &amp; {{ "x&y" }}</p>`;
    expect(render(html, { a: 1, b: 2 })).toBe('<p title="lt">true &amp; x&amp;y</p>');
  });

  it('escapes values in text, attributes, style and comments; allowRawHtml values go in as markup', () => {
    const html = '<div _if="1" title="{{ v }}">{{ v }}<style>.a{content:"{{ v }}"}</style><!-- {{ v }} -->{{ raw }}</div>';
    const out = render(html, { v: '"><script>x</script>', raw: '<b _if="0">bold</b>' }, [{ name: 'raw', allowRawHtml: true }]);
    expect(out).toBe(
      '<div title="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">"&gt;&lt;script&gt;x&lt;/script&gt;<style>.a{content:"&quot;&gt;&lt;script&gt;x&lt;/script&gt;"}</style><!-- &quot;&gt;&lt;script&gt;x&lt;/script&gt; --><b _if="0">bold</b></div>',
    );
    // The fast path escapes the same way and honours allowRawHtml too.
    expect(render('<p title="{{ v }}">{{ v }}{{ raw }}</p>', { v: '<"&>', raw: '<b>b</b>' }, [{ name: 'raw', allowRawHtml: true }])).toBe(
      '<p title="&lt;&quot;&amp;&gt;">&lt;&quot;&amp;&gt;<b>b</b></p>',
    );
    // An expression mixing a raw variable with an ordinary one is escaped.
    expect(render('{{ raw + v }}', { v: '<i>', raw: '<b>' }, [{ name: 'raw', allowRawHtml: true }])).toBe('&lt;b&gt;&lt;i&gt;');
  });

  it('missing bare placeholders stay literal unless strictVariables (then 400 listing every name)', () => {
    expect(render('<p _if="1">{{ a }} {{ b }}</p>', { a: 1 })).toBe('<p>1 {{ b }}</p>');
    const strict = problem(() => render('<p _if="shown">{{ a }}</p><p>{{ b }}{{ c }}</p>', { c: 1 }, [], true));
    expect(strict.slug).toBe('validation-error');
    expect(strict.errors?.map((e) => e.field)).toEqual(['variables.shown', 'variables.b']);
    // In plain words, the one sentence the dashboard's batch check says before starting too (contracts' strictVariablesMissing).
    expect(strict.detail).toBe(
      'The template is in strict mode (`strictVariables`), which refuses a render without a value for every variable, and no value was given for shown, b.',
    );
  });

  it('applies definitions: defaults, coercion, validation', () => {
    const definitions = [
      { name: 'title', defaultValue: 'Untitled' },
      { name: 'count', type: 'number' as const },
      { name: 'on', type: 'boolean' as const },
    ];
    expect(render('{{ title }} {{ count + 1 }} {{ on ? "y" : "n" }}', { count: '41', on: 'false' }, definitions)).toBe('Untitled 42 n');
    expect(problem(() => render('{{ count }}', { count: 'many' }, definitions)).errors).toEqual([
      { field: 'variables.count', message: 'Must be a number; got "many".' },
    ]);
  });

  it('bounds loops: nested _for blow-ups hit the step limit; too deep markup is refused', () => {
    const many = Array.from({ length: 200 }, (_, i) => i);
    const html = '<a _for="x in n"><b _for="y in n"><c _for="z in n">{{x}}</c></b></a>';
    expect(problem(() => render(html, { n: many })).detail).toMatch(/evaluation steps/);
    const deep = '<div>'.repeat(5000) + '<p _if="1">x</p>' + '</div>'.repeat(5000);
    expect(problem(() => render(deep)).detail).toMatch(/nests deeper than 1000 elements/);
  });
});
