import type { NewTemplate } from '../index.js';
import { unique } from './engines.js';

/** A template row as a plain HTML template is inserted (600×300, no variables, layouts or pages); `overrides` change any field. */
export function templateRow(ownerId: string, overrides: Partial<NewTemplate> = {}): NewTemplate {
  return {
    uid: unique('tpl'),
    ownerId,
    name: 'Card',
    engine: 'html',
    html: '<h1>v1</h1>',
    fabricJSData: null,
    jsEnabled: false,
    strictVariables: false,
    type: null,
    category: null,
    tags: [],
    width: 600,
    height: 300,
    outputFormat: 'image',
    pdfPreset: null,
    variableDefinitions: [],
    pages: [],
    layouts: {},
    ...overrides,
  };
}
