import { planTemplateItem } from './template-item.js';
import { canvasDocument, templateRow } from './template-fixture.js';

const definitions = [{ name: 'title', type: 'text', allowRawHtml: false, validation: { maxLength: 5 } }];

describe('planTemplateItem (batch items and bindings)', () => {
  it('plans an HTML template as its page', () => {
    const plan = planTemplateItem(templateRow(), { templateId: 'tpl_test', layout: null, variables: { title: 'Ada' } });
    expect(plan).toEqual({
      ok: true,
      layout: 'default',
      source: { kind: 'html', html: '<h1>Ada</h1>', jsEnabled: false },
      width: 1200,
      height: 630,
    });
  });

  it('plans a canvas template as its templated canvas, at the size of the template', () => {
    const template = templateRow({ html: null, fabricJSData: canvasDocument(), width: 200, height: 100 });
    const plan = planTemplateItem(template, { templateId: template.uid, layout: null, variables: { color: '#00ff00', title: 'Bo' } });
    if (!plan.ok || plan.source.kind !== 'canvas') throw new Error(`expected a canvas plan, got ${JSON.stringify(plan)}`);
    const [rect, text] = plan.source.canvas.objects as Array<Record<string, unknown>>;
    expect(rect!.fill).toBe('#00ff00');
    expect(text!.text).toBe('Hi Bo');
    expect([plan.width, plan.height]).toEqual([200, 100]);
  });

  it('plans a canvas layout of an HTML template as a canvas', () => {
    const template = templateRow({ layouts: { drawn: { width: 300, fabricJSData: canvasDocument() } } });
    const plan = planTemplateItem(template, { templateId: template.uid, layout: 'drawn', variables: { color: 'red' } });
    expect(plan).toMatchObject({ ok: true, layout: 'drawn', source: { kind: 'canvas' }, width: 300, height: 630 });
  });

  it('returns the item’s problem instead of throwing', () => {
    expect(planTemplateItem(null, { templateId: 'tpl_gone', layout: null, variables: {} })).toMatchObject({
      ok: false,
      errorCode: 'TEMPLATE_NOT_FOUND',
    });
    expect(planTemplateItem(templateRow(), { templateId: 'tpl_test', layout: 'removed', variables: {} })).toMatchObject({
      ok: false,
      errorCode: 'LAYOUT_NOT_FOUND',
    });
    const strict = templateRow({ variableDefinitions: definitions });
    const tooLong = planTemplateItem(strict, { templateId: strict.uid, layout: null, variables: { title: 'far too long' } });
    expect(tooLong).toMatchObject({ ok: false, errorCode: 'VALIDATION_ERROR', error: expect.stringContaining('title') });
    const canvas = templateRow({ html: null, fabricJSData: { objects: [{ type: 'Nope' }] } });
    expect(planTemplateItem(canvas, { templateId: canvas.uid, layout: null, variables: {} })).toMatchObject({
      ok: false,
      errorCode: 'VALIDATION_ERROR',
      error: expect.stringContaining('Unknown object type'),
    });
  });
});
