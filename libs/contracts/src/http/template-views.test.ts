import { z } from 'zod';
import { VariableDefinition } from './template.js';
import { VariableDefinitionView } from './template-views.js';

describe('VariableDefinitionView', () => {
  // Exactly the saved form: no field of it may go unanswered, and nothing is answered that is not saved.
  const exact = z.strictObject(VariableDefinitionView.shape);

  it('is what VariableDefinition saves, spellings of other clients included', () => {
    const sent = [
      { name: 'title', type: 'string', required: true },
      { name: 'accent', type: 'color', defaultValue: '#4f46e5', description: 'Brand colour' },
      { name: 'bio', allowRawHtml: true, validation: { minLength: 1, maxLength: 200 } },
    ];
    for (const definition of sent) {
      const saved = VariableDefinition.parse(definition);
      expect(exact.parse(saved)).toEqual(saved);
    }
    expect(VariableDefinition.parse(sent[0])).toEqual({ name: 'title', type: 'text', allowRawHtml: false, validation: { required: true } });
  });

  it('refuses the spellings a save never answers', () => {
    expect(exact.safeParse({ name: 'title', type: 'string', allowRawHtml: false }).success).toBe(false);
    expect(exact.safeParse({ name: 'title', type: 'text', allowRawHtml: false, required: true }).success).toBe(false);
  });
});
