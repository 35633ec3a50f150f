import { ProblemError } from '@pressroom/problem';
import { ExpressionError, StepBudget, escapeHtml, renderText, templateVariableNames } from './index.js';

describe('renderText', () => {
  it('fills placeholders; single braces and unclosed braces stay; names are case-sensitive', () => {
    const { text, missing } = renderText('{{name}} {single} {{ Name }} {{{name}}} {{ unclosed', { name: 'Ada' });
    expect(text).toBe('Ada {single} {{ Name }} {Ada} {{ unclosed');
    expect(missing).toEqual(['Name']);
  });

  it('a bare path to a missing variable stays literal and is listed; an expression fails', () => {
    const result = renderText('{{ user.name }} / {{ user.nickname }} / {{ items[3] }}', { user: { name: 'Ada' }, items: [] });
    expect(result).toEqual({ text: 'Ada / {{ user.nickname }} / {{ items[3] }}', missing: ['user.nickname', 'items[3]'] });
    expect(() => renderText('{{ uppercase(user.nickname) }}', { user: {} })).toThrow(ExpressionError);
  });

  it('strict mode answers 400 listing every missing name', () => {
    try {
      renderText('{{a}} {{b}} {{a}} {{c}}', { c: 1 }, { strict: true });
      throw new Error('expected a problem');
    } catch (error) {
      expect(error).toBeInstanceOf(ProblemError);
      const problem = error as ProblemError;
      expect(problem.status).toBe(400);
      expect(problem.errors).toEqual([
        { field: 'variables.a', message: expect.any(String) },
        { field: 'variables.b', message: expect.any(String) },
      ]);
      expect(problem.detail).toMatch(/a, b/);
    }
  });

  it('escapes values only, with the given function, and prints values as text', () => {
    const { text } = renderText(
      '<b>{{ v }}</b>{{ n }}{{ t }}{{ o }}{{ z }}',
      { v: '<i>&"\'', n: 0, t: false, o: { a: [1] }, z: null },
      { escape: escapeHtml },
    );
    expect(text).toBe('<b>&lt;i&gt;&amp;&quot;&#39;</b>0false{&quot;a&quot;:[1]}');
  });

  it('values are never re-evaluated as templates', () => {
    expect(renderText('{{ a }}', { a: '{{ b }}', b: 'no' }).text).toBe('{{ b }}');
  });

  it('shares one step budget across placeholders', () => {
    const budget = new StepBudget(30);
    expect(() => renderText('{{ 1+1+1+1 }}'.repeat(10), {}, { steps: budget })).toThrow(/evaluation steps/);
  });

  it('an expression may contain braces and quotes up to the first }}', () => {
    expect(renderText(`{{ "a{b" + 'c' }}`, {}).text).toBe('a{bc');
    expect(renderText('{{ a }} {{ b {{ c }}', { a: 1, c: 3 }).text).toBe('1 {{ b 3');
  });

  it('lists the variables a template reads', () => {
    const html = `<p _for="item, i in order.items">{{ item.name }} {{ i }}</p>
      <b _if="show &amp;&amp; count > 0">{{ currency(total, code) }}</b>{{ default(sub, 'x') }}{{ broken( }}{{ name }}`;
    expect(templateVariableNames(html)).toEqual(['order', 'show', 'count', 'total', 'code', 'sub', 'name']);
  });
});
