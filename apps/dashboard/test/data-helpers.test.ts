import { parseRows } from '../src/pages/batches/csv.js';
import { namesInTemplate, variablesOf } from '../src/pages/templates/variable-names.js';

describe('parseRows', () => {
  it('reads quoted CSV with a BOM, doubled quotes, commas and line breaks', () => {
    const { columns, rows } = parseRows('\uFEFFName,Note\r\n"Smith, Jane","Say ""hi""\nthere"\r\nBob,plain\r\n\r\n');
    expect(columns).toEqual(['Name', 'Note']);
    expect(rows).toEqual([
      { Name: 'Smith, Jane', Note: 'Say "hi"\nthere' },
      { Name: 'Bob', Note: 'plain' },
    ]);
  });

  it('reads tab-separated rows pasted from a spreadsheet', () => {
    expect(parseRows('a\tb\n1\t2').rows).toEqual([{ a: '1', b: '2' }]);
  });
});

describe('namesInTemplate', () => {
  it('finds the variables a template reads, not functions, literals, strings or loop names', () => {
    const html = `<h1 _if="title">{{ titleCase(title) }}</h1><p style="color:{{ default(accent, '#fff') }}">{{ user.name }}</p>
      <li _for="item, i in order.items">{{ i + 1 }} {{ item.name }} {{ 'literal' }} {{ true }}</li>`;
    expect(namesInTemplate(html).sort()).toEqual(['accent', 'order', 'title', 'user']);
  });

  it('puts definitions first and adds undefined names as text', () => {
    expect(variablesOf('{{ a }} {{ b }}', [{ name: 'b', type: 'color' }])).toEqual([
      { name: 'b', type: 'color' },
      { name: 'a', type: 'text' },
    ]);
  });
});
