import { objectPlaceholder, placeholderShown, withColourPreviews, withoutColourPreviews } from '../src/canvas/colour-previews.js';

const design = {
  background: '{{background}}',
  objects: [
    { type: 'Rect', fill: '{{accent}}', stroke: '#000000' },
    { type: 'Group', objects: [{ type: 'Circle', fill: '{{ accent }}', stroke: '{{border}}' }] },
    { type: 'Textbox', text: '{{title}}', fill: '#111111', backgroundColor: '{{unknown}}' },
  ],
};
const samples = { accent: '#4f46e5', background: '#0f172a', border: 'red' };

describe('colour previews', () => {
  it('reads placeholder names as the template language does, Unicode letters included', () => {
    const { design: previewed } = withColourPreviews(
      { objects: [{ type: 'Rect', fill: '{{ couleur_é }}' }] },
      { couleur_é: '#123456' },
      '#6366f1',
    );
    expect((previewed.objects as Array<Record<string, unknown>>)[0]!.fill).toBe('#123456');
  });

  it('draws each colour placeholder with its sample, the fallback where none, and leaves the rest', () => {
    const { design: previewed, background } = withColourPreviews(design, samples, '#6366f1');
    const [rect, group, text] = previewed.objects as Array<Record<string, any>>;
    expect(previewed.background).toBe('#0f172a');
    expect(background).toEqual({ template: '{{background}}', preview: '#0f172a' });
    expect(rect).toMatchObject({
      fill: '#4f46e5',
      stroke: '#000000',
      colourPreviews: { fill: { template: '{{accent}}', preview: '#4f46e5' } },
    });
    expect(group!.objects[0]).toMatchObject({ fill: '#4f46e5', stroke: 'red' });
    // A variable without a sample: the fallback, never fabric's black for an unparsable colour.
    expect(text).toMatchObject({ text: '{{title}}', fill: '#111111', backgroundColor: '#6366f1' });
    expect(text!.colourPreviews).toEqual({ backgroundColor: { template: '{{unknown}}', preview: '#6366f1' } });
    expect(design.objects[0]!.fill).toBe('{{accent}}'); // the input is not changed
  });

  it('saves placeholders still showing their preview as written, and colours the user changed as changed', () => {
    const { design: previewed, background } = withColourPreviews(design, samples, '#6366f1');
    const edited = structuredClone(previewed) as { objects: Array<Record<string, any>>; background: string };
    edited.objects[0]!.fill = '#ff0000';
    expect(withoutColourPreviews(previewed, background)).toEqual(design);
    const saved = withoutColourPreviews(edited, background) as typeof edited;
    expect(saved.objects[0]).toEqual({ type: 'Rect', fill: '#ff0000', stroke: '#000000' });
    expect(saved.objects[1]!.objects[0]).toEqual(design.objects[1]!.objects![0]);
    expect(withoutColourPreviews({ ...edited, background: '#ffffff' }, background).background).toBe('#ffffff');
  });

  it('names the placeholder a colour still stands for, until the user changes it', () => {
    const { design: previewed, background } = withColourPreviews(design, samples, '#6366f1');
    const rect = (previewed.objects as Array<Record<string, unknown>>)[0]!;
    expect([objectPlaceholder(rect, 'fill'), objectPlaceholder(rect, 'stroke')]).toEqual(['{{accent}}', null]);
    expect(placeholderShown(background, '#0f172a')).toBe('{{background}}');
    rect.fill = '#ff0000';
    expect(objectPlaceholder(rect, 'fill')).toBeNull();
    expect([placeholderShown(background, '#ffffff'), placeholderShown(null, '#0f172a')]).toEqual([null, null]);
  });
});
