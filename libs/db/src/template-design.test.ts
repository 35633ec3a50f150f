import { templateDesignOf, type TemplateRow } from './index.js';

const row: TemplateRow = {
  uid: 'tpl_1',
  ownerId: 'acc_1',
  name: 'Card',
  engine: 'fabric',
  html: null,
  fabricJSData: { objects: [{ type: 'Rect' }] },
  jsEnabled: false,
  strictVariables: true,
  type: 'image',
  category: 'social',
  tags: ['og'],
  width: 1200,
  height: 630,
  thumbnail: 'https://cdn.example/t.png',
  lastRenderedAt: new Date('2024-01-02T00:00:00Z'),
  outputFormat: 'image',
  pdfPreset: null,
  variableDefinitions: [{ name: 'title', type: 'text' }],
  pages: [],
  layouts: { square: { width: 1080, height: 1080 } },
  createdAt: new Date('2024-01-01T00:00:00Z'),
  updatedAt: new Date('2024-01-03T00:00:00Z'),
};

describe('templateDesignOf', () => {
  it('is every column but identity, owner, thumbnail and timestamps, values as they are (engine too)', () => {
    const { uid: _uid, ownerId: _owner, thumbnail: _thumb, lastRenderedAt: _last, createdAt: _c, updatedAt: _u, ...design } = row;
    expect(templateDesignOf(row)).toEqual(design);
    expect(templateDesignOf({ ...row, engine: null }).engine).toBeNull();
  });
});
