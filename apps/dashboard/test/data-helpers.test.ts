import { parseRows } from '../src/pages/batches/csv.js';
import { PLACEHOLDER_COLOUR, PLACEHOLDER_IMAGE, previewValues, sampleValueOf } from '../src/pages/templates/sample-values.js';
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

describe('sample values for the live preview', () => {
  it('uses the default, else a value of the type that fits the length rules', () => {
    expect(sampleValueOf({ name: 'bg', type: 'color', defaultValue: '#ff8800' })).toBe('#ff8800');
    expect(sampleValueOf({ name: 'bg', type: 'color' })).toBe(PLACEHOLDER_COLOUR);
    expect(sampleValueOf({ name: 'n', type: 'number' })).toBe(0);
    expect(sampleValueOf({ name: 'on', type: 'boolean' })).toBe(false);
    expect(sampleValueOf({ name: 'logo', type: 'image' })).toBe(PLACEHOLDER_IMAGE);
    expect(PLACEHOLDER_IMAGE).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(sampleValueOf({ name: 'title', type: 'text' })).toBe('title');
    expect(sampleValueOf({ name: 'title', type: 'text', validation: { minLength: 8 } })).toBe('title title');
    expect(sampleValueOf({ name: 'headline', type: 'text', validation: { maxLength: 4 } })).toBe('head');
  });

  it('keeps what the user typed, even an emptied field, and fills the rest', () => {
    const definitions = [
      { name: 'a', type: 'text' as const },
      { name: 'b', type: 'text' as const },
      { name: '__proto__', type: 'number' as const },
    ];
    const values = previewValues(definitions, { a: '' });
    expect(values).toEqual({ a: '', b: 'b', ['__proto__']: 0 });
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
  });
});
