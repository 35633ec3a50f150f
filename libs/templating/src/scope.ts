import { readProperty, type Lookup } from './values.js';

/**
 * Variables visible to an expression: the render's variables, with loop
 * variables of `_for` layered on top. Lookups read own data properties only.
 */
export class Scope {
  constructor(
    private readonly vars: Record<string, unknown>,
    private readonly parent: Scope | null = null,
  ) {}

  static of(vars: Record<string, unknown> | Scope): Scope {
    return vars instanceof Scope ? vars : new Scope(vars);
  }

  child(vars: Record<string, unknown>): Scope {
    return new Scope(vars, this);
  }

  lookup(name: string): Lookup {
    for (let scope: Scope | null = this; scope; scope = scope.parent) {
      const found = ownValue(scope.vars, name);
      if (found.found) return found;
    }
    return { found: false, reason: 'missing' };
  }
}

function ownValue(vars: Record<string, unknown>, name: string): Lookup {
  if (vars === null || typeof vars !== 'object') return { found: false, reason: 'missing' };
  const plain = readProperty(vars, name);
  if (plain.found || Object.getPrototypeOf(vars) === Object.prototype || Object.getPrototypeOf(vars) === null) return plain;
  // A scope object of another class (callers in code): still own data properties only.
  const descriptor = Object.getOwnPropertyDescriptor(vars, name);
  return descriptor && 'value' in descriptor ? { found: true, value: descriptor.value } : { found: false, reason: 'missing' };
}
