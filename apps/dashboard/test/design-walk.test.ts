import { eachObject } from '../src/canvas/design-walk.js';

describe('eachObject', () => {
  it('visits every object in drawing order, a group before its children, and skips what is not an object', () => {
    const design = {
      objects: [
        { id: 'back' },
        { id: 'group', objects: [{ id: 'child 1' }, { id: 'inner', objects: [{ id: 'grandchild' }] }, null, 'text'] },
        { id: 'front' },
      ],
    };
    const seen: unknown[] = [];
    eachObject(design, (object) => seen.push(object.id));
    expect(seen).toEqual(['back', 'group', 'child 1', 'inner', 'grandchild', 'front']);
  });

  it('visits nothing in a design without objects', () => {
    const seen: unknown[] = [];
    eachObject({ background: '#fff' }, (object) => seen.push(object));
    expect(seen).toEqual([]);
  });
});
