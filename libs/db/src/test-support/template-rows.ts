import { blankTemplateRow, type NewTemplate } from '../index.js';
import { unique } from './engines.js';

/** A template row as a plain HTML template is inserted (600×300, no variables, layouts or pages); `overrides` change any field. */
export function templateRow(ownerId: string, overrides: Partial<NewTemplate> = {}): NewTemplate {
  // What an insert sets of its own (times, thumbnail) is left out.
  const {
    createdAt: _c,
    updatedAt: _u,
    thumbnail: _t,
    lastRenderedAt: _l,
    ...blank
  } = blankTemplateRow({
    uid: unique('tpl'),
    ownerId,
    name: 'Card',
    width: 600,
    height: 300,
  });
  return { ...blank, engine: 'html', html: '<h1>v1</h1>', ...overrides };
}
