import { CanvasImageRequest, TemplateCreate, TemplatePreviewRequest, TemplateUpdate, VideoTemplateCreate } from '../index.js';
import { VariableDefinitions, variableNameProblem } from './template.js';
import { isValidColor } from './variable-rules.js';
import { defaultValueProblem } from './variable-values.js';

type Parsed = { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };

/** `{ 'variableDefinitions.1.name': message }` for every issue of a parse. */
const errorsOf = (result: Parsed): Record<string, string> =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const update = (variableDefinitions: unknown[]) => errorsOf(TemplateUpdate.safeParse({ variableDefinitions }));

describe('variable definitions: names', () => {
  it('accepts every name the template language reads as a variable', () => {
    const names = ['title', 'bg', '_private', '$price', 'price2', 'café', '名前', 'a_b$c'];
    expect(update(names.map((name) => ({ name })))).toEqual({});
  });

  it('refuses names the template language cannot read, on the name of that definition', () => {
    const errors = update([{ name: 'ok' }, { name: 'also_ok' }, { name: 'bad name!' }, { name: '2fast' }, { name: 'a-b' }]);
    expect(Object.keys(errors)).toEqual(['variableDefinitions.2.name', 'variableDefinitions.3.name', 'variableDefinitions.4.name']);
    expect(errors['variableDefinitions.2.name']).toBe(
      '`bad name!` is not a variable name: start with a letter, `_` or `$`, then use only letters, digits, `_` and `$` (no spaces or punctuation).',
    );
  });

  it('refuses the keywords and the keys the language never reads', () => {
    for (const name of ['true', 'false', 'null', '__proto__', 'constructor', 'prototype']) {
      expect(variableNameProblem(name)).not.toBeNull();
      expect(Object.keys(update([{ name }]))).toEqual(['variableDefinitions.0.name']);
    }
  });

  it('refuses a second definition of the same name, on the second one', () => {
    const errors = update([{ name: 'bg' }, { name: 'title' }, { name: 'bg', type: 'color' }]);
    expect(errors).toEqual({
      'variableDefinitions.2.name': 'Another definition is already named `bg` (definition 1); each variable is defined once.',
    });
    // Names are case-sensitive, as variables are.
    expect(update([{ name: 'bg' }, { name: 'BG' }])).toEqual({});
  });
});

describe('variable definitions: lengths', () => {
  it('refuses minLength above maxLength on maxLength, and takes equal or one-sided bounds', () => {
    expect(update([{ name: 'title', validation: { minLength: 30, maxLength: 10 } }])).toEqual({
      'variableDefinitions.0.validation.maxLength': '`maxLength` must be at least `minLength` (30).',
    });
    expect(
      update([
        { name: 'a', validation: { minLength: 5, maxLength: 5 } },
        { name: 'b', validation: { minLength: 5 } },
      ]),
    ).toEqual({});
    expect(update([{ name: 'c', validation: { maxLength: 0 } }])).toEqual({});
  });

  it('refuses a default its own lengths refuse, since every render without the variable would fail', () => {
    expect(update([{ name: 'code', defaultValue: 'ABCDEFG', validation: { maxLength: 3 } }])).toEqual({
      'variableDefinitions.0.defaultValue': 'The default has 7 characters; `maxLength` is 3.',
    });
    expect(Object.keys(update([{ name: 'code', defaultValue: 'A', validation: { minLength: 2 } }]))).toEqual([
      'variableDefinitions.0.defaultValue',
    ]);
    // Numbers and booleans have no length; an empty default is no default.
    expect(update([{ name: 'n', type: 'number', defaultValue: 12345, validation: { maxLength: 2 } }])).toEqual({});
    expect(update([{ name: 't', defaultValue: '', validation: { minLength: 2 } }])).toEqual({});
  });
});

describe('variable definitions: defaults', () => {
  it('takes number defaults as numbers or as the texts renders read as numbers', () => {
    for (const defaultValue of [19.99, 0, -3, '19.99', ' 42 ', '1e3', null, ''])
      expect(update([{ name: 'price', type: 'number', defaultValue }])).toEqual({});
    for (const defaultValue of ['abc', '12px', ' ', true, [], {}, 'Infinity']) {
      expect(Object.keys(update([{ name: 'price', type: 'number', defaultValue }]))).toEqual(['variableDefinitions.0.defaultValue']);
    }
    expect(update([{ name: 'ok' }, { name: 'price', type: 'number', defaultValue: 'abc' }])).toEqual({
      'variableDefinitions.1.defaultValue': 'The default value is invalid: Must be a number; got "abc".',
    });
  });

  it('takes boolean defaults as booleans, 1/0, or the texts renders read as true or false', () => {
    for (const defaultValue of [true, false, 1, 0, 'true', 'FALSE', ' yes ', 'no', 'on', 'off', '1', '0'])
      expect(update([{ name: 'sale', type: 'boolean', defaultValue }])).toEqual({});
    for (const defaultValue of ['maybe', 2, 'y', {}, []])
      expect(Object.keys(update([{ name: 'sale', type: 'boolean', defaultValue }]))).toEqual(['variableDefinitions.0.defaultValue']);
  });

  it('takes colour defaults the renderer takes and refuses the rest', () => {
    for (const defaultValue of ['#fff', '#1a73e8', '#1a73e880', 'rebeccapurple', 'rgb(0, 128, 255)', 'hsl(210 50% 40% / 0.5)', ' red '])
      expect(update([{ name: 'bg', type: 'color', defaultValue }])).toEqual({});
    expect(update([{ name: 'bg', type: 'color', defaultValue: 'notacolor' }])).toEqual({
      'variableDefinitions.0.defaultValue':
        'The default value is invalid: Must be a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a colour name); got "notacolor".',
    });
    for (const defaultValue of ['#12', 'rgb(300, 0, 0)', 123]) expect(defaultValueProblem('color', defaultValue)).not.toBeNull();
    expect(isValidColor('transparent')).toBe(true);
  });

  it('takes any text default and image defaults with an image URL (where it points is checked at render time)', () => {
    expect(
      update([
        { name: 'title', defaultValue: 42 },
        { name: 'logo', type: 'image', defaultValue: 'https://example.com/a.png' },
      ]),
    ).toEqual({});
    expect(update([{ name: 'logo', type: 'image', defaultValue: 'ftp://example.com/a.png' }])).toEqual({
      'variableDefinitions.0.defaultValue':
        'The default value is invalid: The URL scheme "ftp:" is not allowed; use http(s) or a data:image/ URL.',
    });
  });
});

describe('variable definitions: where they are accepted', () => {
  const bad = [
    { name: 'bg', type: 'color', defaultValue: 'notacolor' },
    { name: 'bg' },
    { name: 'bad name!', validation: { minLength: 30, maxLength: 10 } },
  ];
  const expected = [
    'variableDefinitions.0.defaultValue',
    'variableDefinitions.1.name',
    'variableDefinitions.2.name',
    'variableDefinitions.2.validation.maxLength',
  ];

  it('applies the same rules to every body that carries definitions, each error on its own field', () => {
    const bodies: Array<[string, { safeParse: (v: unknown) => Parsed }, Record<string, unknown>]> = [
      ['TemplateCreate', TemplateCreate, { name: 't', html: '<p>{{bg}}</p>' }],
      ['TemplateUpdate', TemplateUpdate, {}],
      ['CanvasImageRequest', CanvasImageRequest, { fabricJSData: { objects: [] } }],
      ['TemplatePreviewRequest', TemplatePreviewRequest, { html: '<p/>' }],
      ['VideoTemplateCreate', VideoTemplateCreate, { tsx: 'export default () => null;' }],
    ];
    for (const [, schema, body] of bodies) {
      expect(Object.keys(errorsOf(schema.safeParse({ ...body, variableDefinitions: bad }))).sort()).toEqual(expected);
    }
  });

  it('still reports the rules when another field of a definition is refused', () => {
    const errors = update([{ name: 'bg', type: 'colour' }, { name: 'bg' }]);
    expect(Object.keys(errors).sort()).toEqual(['variableDefinitions.0.type', 'variableDefinitions.1.name']);
  });

  it('keeps the size limits (500, and 200 for video templates)', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `v${i}` }));
    expect(VariableDefinitions.safeParse(many(500)).success).toBe(true);
    expect(VariableDefinitions.safeParse(many(501)).success).toBe(false);
    expect(VideoTemplateCreate.safeParse({ tsx: 'x', variableDefinitions: many(201) }).success).toBe(false);
    expect(VideoTemplateCreate.safeParse({ tsx: 'x', variableDefinitions: many(200) }).success).toBe(true);
  });
});

describe('variable definitions: the spellings other clients send', () => {
  const saved = (variableDefinitions: unknown[]) => {
    const result = TemplateUpdate.safeParse({ variableDefinitions });
    if (!result.success) throw new Error(JSON.stringify(result.error.issues));
    return result.data.variableDefinitions ?? [];
  };

  it('reads a top-level `required` as `validation.required`, keeping the other rules', () => {
    expect(saved([{ name: 'title', required: true }])).toEqual([
      { name: 'title', type: 'text', allowRawHtml: false, validation: { required: true } },
    ]);
    expect(saved([{ name: 'title', required: false, validation: { maxLength: 40 } }])).toEqual([
      { name: 'title', type: 'text', allowRawHtml: false, validation: { maxLength: 40, required: false } },
    ]);
    // Both, the same: one value. Neither: no `validation` is added.
    expect(saved([{ name: 'a', required: true, validation: { required: true } }])[0]).toMatchObject({ validation: { required: true } });
    expect(saved([{ name: 'a' }])[0]).not.toHaveProperty('validation');
    expect(saved([{ name: 'a', required: true }])[0]).not.toHaveProperty('required');
  });

  it('refuses `required` and `validation.required` that disagree, at `required`', () => {
    expect(update([{ name: 'ok' }, { name: 'title', required: true, validation: { required: false } }])).toEqual({
      'variableDefinitions.1.required': '`required` (true) and `validation.required` (false) disagree; give one of them.',
    });
    expect(Object.keys(update([{ name: 'title', required: 'yes' }]))).toEqual(['variableDefinitions.0.required']);
  });

  it('reads the type `string` as `text`, checking its default as a text', () => {
    expect(saved([{ name: 'x', type: 'string', defaultValue: 'Hi' }])).toEqual([
      { name: 'x', type: 'text', defaultValue: 'Hi', allowRawHtml: false },
    ]);
  });

  it('reads them in every body that carries definitions', () => {
    const definitions = [{ name: 'title', type: 'string', required: true }];
    for (const parsed of [
      TemplateCreate.safeParse({ html: '<p>{{title}}</p>', variableDefinitions: definitions }),
      CanvasImageRequest.safeParse({ fabricJSData: { objects: [] }, variableDefinitions: definitions }),
      TemplatePreviewRequest.safeParse({ html: '<p/>', variableDefinitions: definitions }),
      VideoTemplateCreate.safeParse({ tsx: 'x', variableDefinitions: definitions }),
    ]) {
      expect(parsed.success && parsed.data.variableDefinitions).toEqual([
        { name: 'title', type: 'text', allowRawHtml: false, validation: { required: true } },
      ]);
    }
  });
});

it('names only the types to send when a type is refused', () => {
  expect(update([{ name: 'x', type: 'colour' }])).toEqual({
    'variableDefinitions.0.type': 'Must be one of: text, image, color, number, boolean',
  });
});
