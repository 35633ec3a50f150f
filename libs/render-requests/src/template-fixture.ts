import { blankTemplateRow, type TemplateRow } from '@pressroom/db';

/** A stored template as the database returns it, for the unit tests: an HTML template unless told. */
export function templateRow(overrides: Partial<TemplateRow> = {}): TemplateRow {
  const at = new Date('2026-01-01T00:00:00Z');
  return {
    ...blankTemplateRow({ uid: 'tpl_test', ownerId: 'own_test', name: 'Test', width: 1200, height: 630 }),
    html: '<h1>{{ title }}</h1>',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** A canvas with one rectangle whose fill is bound to `color` and one text showing `{{ title }}`. */
export function canvasDocument(): Record<string, unknown> {
  return {
    width: 200,
    height: 100,
    objects: [
      { type: 'Rect', left: 0, top: 0, width: 200, height: 100, fill: '#000000', variableBindings: { fill: 'color' } },
      { type: 'Textbox', left: 10, top: 10, width: 180, text: 'Hi {{ title }}', fill: '#ffffff' },
    ],
  };
}
