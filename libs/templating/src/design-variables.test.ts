import { definitionsFromDesign, designVariableNames } from './design-variables.js';

describe('the variables a template design reads', () => {
  it('finds them in HTML, canvas texts and layouts, each once, in order, without loop variables or functions', () => {
    expect(
      designVariableNames({
        html: '<h1 _if="show">{{ title }}</h1><li _for="row in rows">{{ row.name }} {{ upper(title) }}</li>',
        layouts: { square: { html: '{{ square }}' }, wide: { fabricJSData: { objects: [{ type: 'Textbox', text: 'Hi {{ who }}' }] } } },
      }),
    ).toEqual(['show', 'title', 'rows', 'square', 'who']);
  });

  it('makes one text definition per name, and none for a design without variables', () => {
    expect(definitionsFromDesign({ fabricJSData: { objects: [{ text: '{{ a }} and {{ b }}' }] } })).toEqual([
      { name: 'a', type: 'text', allowRawHtml: false },
      { name: 'b', type: 'text', allowRawHtml: false },
    ]);
    expect(definitionsFromDesign({ html: '<p>plain</p>' })).toEqual([]);
  });
});
