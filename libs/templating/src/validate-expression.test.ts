import { validateExpression } from './validate-expression.js';

describe('validateExpression', () => {
  it('accepts expressions with or without braces, without needing their variables', () => {
    expect(validateExpression('{{ price * quantity }}')).toEqual({ valid: true });
    expect(validateExpression('UPPER(name)')).toEqual({ valid: true });
  });

  it('reports a syntax error with its column', () => {
    const check = validateExpression('{{ price * }}');
    expect(check.valid).toBe(false);
    if (check.valid) return;
    expect(check.error.length).toBeGreaterThan(0);
    expect(check.position).toBeGreaterThanOrEqual(1);
  });
});
