import { csvOf, parseRows } from '../src/pages/batches/csv.js';
import { PLACEHOLDER_COLOUR, PLACEHOLDER_IMAGE, previewValues, sampleValueOf } from '../src/pages/templates/sample-values.js';
import { fallbacksInTemplate, namesInTemplate, unclosedPlaceholderLines, variablesOf } from '../src/pages/templates/variable-names.js';

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

  it('says what it could not read as written: a quote never closed, a row short of or over the columns', () => {
    const open = parseRows('title,site,accent\nfirst,a.dev,#fff\n"unterminated,c.dev\nlast,d.dev,#000\n');
    expect(open.rows).toHaveLength(2);
    expect(open.problems).toEqual([
      'Row 2: a quote (") opens a value that is never closed, so everything after it was read as that one value.',
      'Row 2 has 1 value for 3 columns: the last 2 are empty.',
    ]);
    expect(parseRows('a,b,c\n1,2\n1,2,3,4\n1,2,3').problems).toEqual([
      'Row 1 has 2 values for 3 columns: the last one is empty.',
      'Row 2 has 4 values for 3 columns: the extra one is left out.',
    ]);
  });
});

describe('namesInTemplate', () => {
  it('finds the variables a template reads, not functions, literals, strings or loop names', () => {
    const html = `<h1 _if="title">{{ titleCase(title) }}</h1><p style="color:{{ default(accent, '#fff') }}">{{ user.name }}</p>
      <li _for="item, i in order.items">{{ i + 1 }} {{ item.name }} {{ 'literal' }} {{ true }}</li>`;
    expect(namesInTemplate(html).sort()).toEqual(['accent', 'order', 'title', 'user']);
  });

  it('takes the names the template language takes, Unicode letters included', () => {
    const html = `<li _for="élément in éléments">{{ élément }}</li>{{ upper(名前) }} {{ default(prix, 9.5) }} {{ x2.y }}`;
    expect(namesInTemplate(html).sort()).toEqual(['prix', 'x2', 'éléments', '名前']);
    expect(fallbacksInTemplate(html)).toEqual(new Map([['prix', 9.5]]));
    expect(fallbacksInTemplate(`{{ mydefault(a, 1) }} {{ default(café, 'x') }}`)).toEqual(new Map([['café', 'x']]));
  });

  it('reads placeholders as the renderer does: an unclosed {{ is text, not a source of names (no "h1" or "p")', () => {
    const html = '<h1>{{ headline </h1>\n<p>{{ price * 2 }}</p>\n{{{name}}}';
    expect(namesInTemplate(html)).toEqual(['price', 'name']);
    expect(unclosedPlaceholderLines(html)).toEqual([1]);
    expect(unclosedPlaceholderLines('{{ a }}\n{{ b }}')).toEqual([]);
    expect(unclosedPlaceholderLines('ok\n{{ a\n{{ b')).toEqual([2, 3]);
  });

  it('puts definitions first and adds undefined names as text', () => {
    expect(variablesOf('{{ a }} {{ b }}', [{ name: 'b', type: 'color' }])).toEqual([
      { name: 'b', type: 'color' },
      { name: 'a', type: 'text' },
    ]);
  });
});

describe('fallbacks the HTML gives its variables', () => {
  it('reads default(name, literal) inside placeholders: strings, numbers and booleans, the first one of a name', () => {
    const html = `<body style="background:{{ default(background, '#4338ca') }}">{{ default(count, 3) }} {{ default(on, true) }}
      {{ default(title, "It's \\"here\\"") }} {{ default(background, 'red') }} {{ default(user.name, 'x') }} {{ default(a, b) }}
      default(outside, 'no')`;
    expect(Object.fromEntries(fallbacksInTemplate(html))).toEqual({ background: '#4338ca', count: 3, on: true, title: 'It\'s "here"' });
  });

  it('gives an undefined variable its fallback as default and a matching input; a definition keeps its type', () => {
    const html = "{{ default(bg, '#4338ca') }} {{ default(n, 2) }} {{ default(name, 'Guest') }} {{ default(accent, '#fff') }}";
    expect(variablesOf(html, [{ name: 'accent', type: 'text' }])).toEqual([
      { name: 'accent', type: 'text', defaultValue: '#fff' },
      { name: 'bg', type: 'color', defaultValue: '#4338ca' },
      { name: 'n', type: 'number', defaultValue: 2 },
      { name: 'name', type: 'text', defaultValue: 'Guest' },
    ]);
    expect(variablesOf("{{ default(x, 'html') }}", [{ name: 'x', type: 'text', defaultValue: 'own' }])).toEqual([
      { name: 'x', type: 'text', defaultValue: 'own' },
    ]);
    // So the preview renders what a render without the variable shows, not the variable's name.
    expect(previewValues(variablesOf(html, []), {})).toEqual({ bg: '#4338ca', n: 2, name: 'Guest', accent: '#fff' });
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

describe('csvOf', () => {
  it('writes rows that parseRows reads back, quoting commas, quotes, line breaks and edge spaces', () => {
    const rows = [
      { title: 'Smith, Jane', note: 'Say "hi"\nthere', pad: ' x ' },
      { title: 'plain', note: '', pad: '' },
    ];
    const text = csvOf(['title', 'note', 'pad'], rows);
    expect(text.split('\n')[0]).toBe('title,note,pad');
    expect(parseRows(text)).toEqual({ columns: ['title', 'note', 'pad'], rows, problems: [] });
  });
});
