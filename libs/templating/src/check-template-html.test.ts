import { checkTemplateHtml } from './check-template-html.js';

describe('checkTemplateHtml', () => {
  it('passes templates whose expressions parse and call known functions, whatever the variables', () => {
    expect(checkTemplateHtml('<h1>{{ uppercase(title) }}</h1><p _if="price > 0">{{ price * 2 }}</p>')).toBeNull();
    expect(checkTemplateHtml('<li _for="item in items">{{ item.name }}</li> {{ headline </h1>')).toBeNull();
  });

  it('names the first expression that can never evaluate, with its line', () => {
    expect(checkTemplateHtml('<h1>ok</h1>\n<p>{{ nosuchfn(headline) }}</p>')).toEqual({
      line: 2,
      expression: 'nosuchfn(headline)',
      detail: expect.stringMatching(/^Unknown function "nosuchfn"\./),
    });
    expect(checkTemplateHtml('{{ upper(a) }}')?.detail).toMatch(/Did you mean uppercase\(\)\?/);
    expect(checkTemplateHtml('<p>{{ a + }}</p>')).toMatchObject({
      line: 1,
      expression: 'a +',
      detail: expect.stringMatching(/Unexpected end/),
    });
    expect(checkTemplateHtml('\n\n<p _if="uppercase()">x</p>')).toMatchObject({
      line: 3,
      detail: expect.stringMatching(/takes 1 argument/),
    });
    expect(checkTemplateHtml('<li _for="x in nosuch(list)"></li>')?.detail).toMatch(/Unknown function "nosuch"/);
  });
});
