import type { ExpressionNode, NodeOfType } from './ast.js';
import { ExpressionError } from './expression-error.js';
import { callProblem, FUNCTION_TABLE, type CallContext } from './functions/index.js';
import { LIMITS } from './limits.js';
import type { Scope } from './scope.js';
import type { StepBudget } from './step-budget.js';
import { isForbiddenKey, looselyEqual, numericValue, readProperty, toText, truthy, typeName, type Lookup } from './values.js';

export interface EvaluationContext {
  source: string;
  scope: Scope;
  budget: StepBudget;
}

type PathNode = NodeOfType<'identifier'> | NodeOfType<'member'> | NodeOfType<'index'>;

function isPathNode(node: ExpressionNode): node is PathNode {
  return node.type === 'identifier' || node.type === 'member' || node.type === 'index';
}

/**
 * Tree-walking evaluator. Recursion depth equals the tree height, which the
 * parser caps, and every node visited spends one step of the render's budget.
 */
class Evaluator {
  constructor(private readonly ctx: EvaluationContext) {}

  fail(offset: number, detail: string): never {
    throw new ExpressionError({ expression: this.ctx.source, position: offset + 1, detail });
  }

  spend(node: ExpressionNode, steps = 1): void {
    if (!this.ctx.budget.spend(steps)) {
      this.fail(
        node.at,
        `The render needs more than ${this.ctx.budget.limit} evaluation steps (too much work in expressions and _for loops).`,
      );
    }
  }

  text(node: ExpressionNode): string {
    return this.ctx.source.slice(node.start, node.end);
  }

  checkString(node: ExpressionNode, value: unknown): unknown {
    if (typeof value === 'string' && value.length > LIMITS.stringLength) {
      this.fail(node.at, `The result would be ${value.length} characters long; strings are limited to ${LIMITS.stringLength}.`);
    }
    return value;
  }

  evaluate(node: ExpressionNode): unknown {
    this.spend(node);
    switch (node.type) {
      case 'literal':
        return node.value;
      case 'identifier':
      case 'member':
      case 'index':
        return (this.path(node, false) as { value: unknown }).value;
      case 'array':
        return node.elements.map((element) => this.evaluate(element));
      case 'unary': {
        const value = this.evaluate(node.argument);
        if (node.operator === '!') return !truthy(value);
        const number = this.operand(node, value, node.operator);
        return node.operator === '-' ? -number : number;
      }
      case 'logical': {
        const left = this.evaluate(node.left);
        if (node.operator === '&&') return truthy(left) ? this.evaluate(node.right) : left;
        return truthy(left) ? left : this.evaluate(node.right);
      }
      case 'conditional':
        return truthy(this.evaluate(node.test)) ? this.evaluate(node.consequent) : this.evaluate(node.alternate);
      case 'binary':
        return this.binary(node, this.evaluate(node.left), this.evaluate(node.right));
      case 'call':
        return this.call(node);
    }
  }

  /**
   * A variable path. `lenient` (bare placeholders, guard functions such as
   * default()) turns "undefined" into `found: false` instead of an error;
   * forbidden keys fail either way.
   */
  path(node: PathNode, lenient: boolean): Lookup {
    this.spend(node);
    if (node.type === 'identifier') {
      if (isForbiddenKey(node.name)) this.fail(node.at, `${JSON.stringify(node.name)} is not accessible.`);
      const found = this.ctx.scope.lookup(node.name);
      if (!found.found && !lenient) this.fail(node.at, `Undefined variable ${JSON.stringify(node.name)}.`);
      return found;
    }
    const container = isPathNode(node.object)
      ? this.path(node.object, lenient)
      : { found: true as const, value: this.evaluate(node.object) };
    let key: string | number;
    let keyAt: number;
    if (node.type === 'member') {
      key = node.property;
      keyAt = node.at + 1;
    } else {
      const index = this.evaluate(node.index);
      if (typeof index !== 'string' && typeof index !== 'number')
        this.fail(node.index.at, `An index must be a number or a text; got ${typeName(index)}.`);
      key = index;
      keyAt = node.index.at;
    }
    if (typeof key === 'string' && isForbiddenKey(key)) this.fail(keyAt, `The property ${JSON.stringify(key)} is not accessible.`);
    if (!container.found) return container;
    const found = readProperty(container.value, key);
    if (found.found || lenient) return found;
    const owner = this.text(node.object);
    if (found.reason === 'not-an-object') {
      this.fail(keyAt, `Cannot read ${JSON.stringify(String(key))} of ${JSON.stringify(owner)}, which is ${typeName(container.value)}.`);
    }
    return this.fail(
      keyAt,
      `Undefined variable ${JSON.stringify(this.text(node))}: ${JSON.stringify(owner)} has no ${JSON.stringify(String(key))}.`,
    );
  }

  operand(node: ExpressionNode, value: unknown, operator: string): number {
    const number = numericValue(value);
    if (number === null) this.fail(node.at, `${operator} needs numbers; got ${typeName(value)}.`);
    return number;
  }

  binary(node: NodeOfType<'binary'>, left: unknown, right: unknown): unknown {
    switch (node.operator) {
      case '+': {
        if (typeof left === 'string' || typeof right === 'string') {
          const [a, b] = [toText(left), toText(right)];
          if (a.length + b.length > LIMITS.stringLength) {
            this.fail(
              node.at,
              `The result would be ${a.length + b.length} characters long; strings are limited to ${LIMITS.stringLength}.`,
            );
          }
          this.spend(node, Math.ceil((a.length + b.length) / 1000));
          return a + b;
        }
        if (typeof left !== 'number' || typeof right !== 'number') {
          this.fail(node.at, `+ adds numbers or joins texts; got ${typeName(left)} and ${typeName(right)}.`);
        }
        return left + right;
      }
      case '-':
        return this.operand(node, left, '-') - this.operand(node, right, '-');
      case '*':
        return this.operand(node, left, '*') * this.operand(node, right, '*');
      case '/':
        return this.operand(node, left, '/') / this.operand(node, right, '/');
      case '%':
        return this.operand(node, left, '%') % this.operand(node, right, '%');
      case '==':
        return looselyEqual(left, right);
      case '!=':
        return !looselyEqual(left, right);
      case '===':
        return left === right;
      case '!==':
        return left !== right;
      default:
        return this.compare(node, left, right);
    }
  }

  compare(node: NodeOfType<'binary'>, left: unknown, right: unknown): boolean {
    let a: number | string;
    let b: number | string;
    if (typeof left === 'string' && typeof right === 'string') {
      [a, b] = [left, right];
    } else {
      const [x, y] = [numericValue(left), numericValue(right)];
      if (x === null || y === null)
        this.fail(node.at, `${node.operator} compares numbers or texts; got ${typeName(left)} and ${typeName(right)}.`);
      [a, b] = [x, y];
    }
    switch (node.operator) {
      case '<':
        return a < b;
      case '<=':
        return a <= b;
      case '>':
        return a > b;
      default:
        return a >= b;
    }
  }

  call(node: NodeOfType<'call'>): unknown {
    const problem = callProblem(node.callee, node.args.length);
    if (problem !== undefined) this.fail(node.at, problem);
    const spec = FUNCTION_TABLE.get(node.callee)!;
    const args = node.args.map((arg) => {
      if (spec.lenient && isPathNode(arg)) {
        const found = this.path(arg, true);
        return found.found ? found.value : undefined;
      }
      return this.evaluate(arg);
    });
    const context: CallContext = {
      name: spec.name,
      spend: (steps) => this.spend(node, steps),
      fail: (detail) => this.fail(node.at, detail),
      checkLength: (length) => {
        if (length > LIMITS.stringLength)
          this.fail(node.at, `${spec.name} would make a text of ${length} characters; strings are limited to ${LIMITS.stringLength}.`);
      },
    };
    let result: unknown;
    try {
      result = spec.call(args, context);
    } catch (error) {
      if (error instanceof ExpressionError) throw error;
      // Engine limits (a RangeError from a huge or deeply nested value) become a clear error.
      this.fail(node.at, `${spec.name} failed: ${error instanceof Error ? error.message.slice(0, 200) : 'unexpected error'}.`);
    }
    return this.checkString(node, result);
  }
}

/** Evaluate a parsed expression in a scope. */
export function evaluateNode(ast: ExpressionNode, ctx: EvaluationContext): unknown {
  return new Evaluator(ctx).evaluate(ast);
}

/** Evaluate a bare variable path without failing when it is undefined (bare placeholders, `_if`). */
export function lookupPath(ast: ExpressionNode, ctx: EvaluationContext): Lookup {
  if (!isPathNode(ast)) return { found: true, value: evaluateNode(ast, ctx) };
  return new Evaluator(ctx).path(ast, true);
}
