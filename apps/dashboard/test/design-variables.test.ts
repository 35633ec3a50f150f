import { applyValues, bindablePropertyOf, variablesInDesign } from '../src/pages/templates/canvas/variables/design-variables.js';

const design = {
  objects: [
    { type: 'Textbox', text: 'Hello {{ name }}, from {{city}}', styles: [{ start: 0, end: 5, style: { fill: '#f00' } }] },
    { type: 'Image', src: 'https://example.com/a.png', variableBindings: { src: 'photo' } },
    { type: 'Group', objects: [{ type: 'Rect', fill: '#000', variableBindings: { fill: 'brand' } }] },
    { type: 'Text', text: 'x', variableBindings: { text: 'upper(name)' } },
    { type: 'Circle', fill: '{{ accent }}', stroke: '#000' },
  ],
  background: '{{bg}}',
};

describe('design variables', () => {
  it('lists the variables a design uses, in groups too, leaving expressions out', () => {
    expect(variablesInDesign(design)).toEqual([
      { name: 'name', uses: ['placeholder'] },
      { name: 'city', uses: ['placeholder'] },
      { name: 'photo', uses: ['src'] },
      { name: 'brand', uses: ['fill'] },
      { name: 'accent', uses: ['fill'] },
      { name: 'bg', uses: ['fill'] },
    ]);
  });

  it('applies tried values to a copy, keeping styles and unknown placeholders', () => {
    const tried = applyValues(design, { name: 'Ada', brand: '#00ff00', photo: 'https://example.com/b.png' });
    const objects = tried.objects as Array<Record<string, any>>;
    expect(objects[0]!.text).toBe('Hello Ada, from {{city}}');
    expect(objects[0]!.styles).toEqual(design.objects[0]!.styles);
    expect(objects[1]!.src).toBe('https://example.com/b.png');
    expect(objects[2]!.objects[0].fill).toBe('#00ff00');
    expect(objects[4]).toMatchObject({ fill: '{{ accent }}', stroke: '#000' }); // no value tried: as written
    const coloured = applyValues(design, { accent: '#4f46e5', bg: '#0f172a' });
    expect((coloured.objects as Array<Record<string, any>>)[4]!.fill).toBe('#4f46e5');
    expect(coloured.background).toBe('#0f172a');
    expect((design.objects[2] as any).objects[0].fill).toBe('#000'); // the saved design is untouched
  });

  it('reads names as the renderer does (contracts’ rule): Unicode letters and $ included, keywords and reserved keys left out', () => {
    const unicode = {
      objects: [
        { type: 'Textbox', text: 'Bonjour {{ prénom }} de {{ville_2}}, {{ true }} {{ constructor }} {{ 2x }}' },
        { type: 'Rect', fill: '{{ 色 }}', variableBindings: { fill: '$brand' } },
        { type: 'Image', variableBindings: { src: 'фото' } },
      ],
    };
    expect(variablesInDesign(unicode)).toEqual([
      { name: 'prénom', uses: ['placeholder'] },
      { name: 'ville_2', uses: ['placeholder'] },
      { name: '$brand', uses: ['fill'] },
      { name: '色', uses: ['fill'] },
      { name: 'фото', uses: ['src'] },
    ]);
    const tried = applyValues(unicode, { prénom: 'Zoë', 色: '#ff0000', true: 'no' }).objects as Array<Record<string, any>>;
    expect(tried[0]!.text).toBe('Bonjour Zoë de {{ville_2}}, {{ true }} {{ constructor }} {{ 2x }}');
    expect(tried[1]!.fill).toBe('#ff0000');
  });

  it('binds the property an object type shows', () => {
    expect([bindablePropertyOf('textbox'), bindablePropertyOf('Image'), bindablePropertyOf('Circle')]).toEqual(['text', 'src', 'fill']);
  });
});
