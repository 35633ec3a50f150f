import { comparable, definitionProblems } from '../src/pages/templates/canvas/variables/definition-rules.js';

describe('the canvas editor’s variable definitions', () => {
  test('a setting typed and taken back again compares as saved; a real change does not', () => {
    const saved = comparable([{ name: 'headline', type: 'text', defaultValue: 'New collection', allowRawHtml: false }]);
    expect(comparable([{ name: 'headline', type: 'text', defaultValue: 'New collection', validation: { maxLength: undefined } }])).toBe(
      saved,
    );
    expect(comparable([{ name: 'headline', type: 'text', defaultValue: 'New collection', validation: { required: false } }])).toBe(saved);
    expect(comparable([{ name: 'headline', type: 'text', defaultValue: 'Spring drop' }])).not.toBe(saved);
    expect(comparable([{ name: 'headline', type: 'text', defaultValue: 'New collection', validation: { maxLength: 40 } }])).not.toBe(saved);
    expect(comparable([{ name: 'x', type: 'text', defaultValue: '' }])).toBe(comparable([{ name: 'x', type: 'text' }]));
  });

  test('the API’s rule, by field: a negative or fractional length, lengths that disagree, a default of the wrong type', () => {
    expect(definitionProblems([{ name: 'headline', type: 'text', validation: { maxLength: -5 } }])).toEqual(
      new Map([['0.validation.maxLength', 'Must be at least 0']]),
    );
    expect([
      ...definitionProblems([
        { name: 'a', type: 'text' },
        { name: 'b', type: 'text', validation: { minLength: 1.5 } },
      ]).keys(),
    ]).toEqual(['1.validation.minLength']);
    expect([...definitionProblems([{ name: 'a', type: 'text', validation: { minLength: 5, maxLength: 3 } }]).keys()]).toEqual([
      '0.validation.maxLength',
    ]);
    expect([...definitionProblems([{ name: 'accent', type: 'color', defaultValue: 'not a colour' }]).keys()]).toEqual(['0.defaultValue']);
    expect(
      definitionProblems([{ name: 'headline', type: 'text', defaultValue: 'New collection', validation: { maxLength: 40 } }]).size,
    ).toBe(0);
  });
});
