import type { BinaryOperator, ExpressionNode } from './ast.js';
import { ExpressionError } from './expression-error.js';
import { LIMITS } from './limits.js';
import { tokenize, type Token } from './tokenizer.js';

const BINARY_PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '===': 3,
  '!==': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};

type NodeInit = ExpressionNode extends infer N ? (N extends ExpressionNode ? Omit<N, 'depth'> : never) : never;

/**
 * Recursive descent with precedence climbing. Two guards keep hostile input
 * harmless: `nesting` counts the parser's own recursion (parentheses, unary
 * operators, ternaries, calls), and every node's `depth` (its subtree height,
 * which loops such as `a+a+a…` or `a.b.c…` grow without recursing) is
 * checked, so the evaluator's recursion is bounded too.
 */
class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private nesting = 0;

  constructor(private readonly source: string) {
    this.tokens = tokenize(source);
  }

  parse(): ExpressionNode {
    if (this.peek().kind === 'end') this.fail(0, 'The expression is empty.');
    const node = this.expression();
    const next = this.peek();
    if (next.kind !== 'end') this.fail(next.start, `Unexpected ${this.describe(next)} after a complete expression.`);
    return node;
  }

  private fail(offset: number, detail: string): never {
    throw new ExpressionError({ expression: this.source, position: offset + 1, detail });
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private next(): Token {
    const token = this.tokens[this.index]!;
    if (token.kind !== 'end') this.index++;
    return token;
  }

  private is(text: string): boolean {
    const token = this.peek();
    return (token.kind === 'punctuation' || token.kind === 'operator') && token.text === text;
  }

  private expect(text: string, context: string): Token {
    if (!this.is(text)) {
      const token = this.peek();
      this.fail(token.start, `Expected ${JSON.stringify(text)} ${context}, found ${this.describe(token)}.`);
    }
    return this.next();
  }

  private describe(token: Token): string {
    if (token.kind === 'end') return 'end of the expression';
    const text = token.text.length > 40 ? `${token.text.slice(0, 40)}…` : token.text;
    return `${token.kind === 'identifier' ? 'name' : token.kind} ${JSON.stringify(text)}`;
  }

  private enter(offset: number): void {
    // A parenthesis costs two units (the group and the expression inside), so the bound is looser than the tree's.
    if (++this.nesting > LIMITS.depth * 3) this.fail(offset, `The expression nests deeper than ${LIMITS.depth} levels.`);
  }

  private leave(): void {
    this.nesting--;
  }

  private node(init: NodeInit, children: ExpressionNode[]): ExpressionNode {
    let depth = 0;
    for (const child of children) if (child.depth > depth) depth = child.depth;
    if (depth + 1 > LIMITS.depth) this.fail(init.at, `The expression nests deeper than ${LIMITS.depth} levels.`);
    return { ...init, depth: depth + 1 };
  }

  private expression(): ExpressionNode {
    this.enter(this.peek().start);
    const test = this.binary(1);
    let result = test;
    if (this.is('?')) {
      const question = this.next();
      const consequent = this.expression();
      this.expect(':', 'to separate the two branches of `? :`');
      const alternate = this.expression();
      result = this.node({ type: 'conditional', test, consequent, alternate, start: test.start, end: alternate.end, at: question.start }, [
        test,
        consequent,
        alternate,
      ]);
    }
    this.leave();
    return result;
  }

  private binary(minPrecedence: number): ExpressionNode {
    let left = this.unary();
    for (;;) {
      const token = this.peek();
      const precedence = token.kind === 'operator' ? BINARY_PRECEDENCE[token.text] : undefined;
      if (precedence === undefined || precedence < minPrecedence) return left;
      this.next();
      const right = this.binary(precedence + 1);
      const span = { start: left.start, end: right.end, at: token.start };
      left =
        token.text === '&&' || token.text === '||'
          ? this.node({ type: 'logical', operator: token.text, left, right, ...span }, [left, right])
          : this.node({ type: 'binary', operator: token.text as BinaryOperator, left, right, ...span }, [left, right]);
    }
  }

  private unary(): ExpressionNode {
    const token = this.peek();
    if (token.kind === 'operator' && (token.text === '!' || token.text === '-' || token.text === '+')) {
      this.next();
      this.enter(token.start);
      const argument = this.unary();
      this.leave();
      return this.node({ type: 'unary', operator: token.text, argument, start: token.start, end: argument.end, at: token.start }, [
        argument,
      ]);
    }
    return this.postfix();
  }

  private postfix(): ExpressionNode {
    let node = this.primary();
    for (;;) {
      if (this.is('.')) {
        const dot = this.next();
        const name = this.next();
        if (name.kind !== 'identifier' && name.kind !== 'keyword')
          this.fail(name.start, `Expected a property name after ".", found ${this.describe(name)}.`);
        node = this.node({ type: 'member', object: node, property: name.text, start: node.start, end: name.end, at: dot.start }, [node]);
      } else if (this.is('[')) {
        const open = this.next();
        this.enter(open.start);
        const index = this.expression();
        this.leave();
        const close = this.expect(']', 'to close the index');
        node = this.node({ type: 'index', object: node, index, start: node.start, end: close.end, at: open.start }, [node, index]);
      } else if (this.is('(')) {
        if (node.type !== 'identifier')
          this.fail(this.peek().start, 'Only built-in functions can be called, by name: for example uppercase(name).');
        node = this.call(node.name, node.start);
      } else {
        return node;
      }
    }
  }

  private call(callee: string, start: number): ExpressionNode {
    const open = this.next();
    this.enter(open.start);
    const args = this.list(')', 'to close the argument list');
    this.leave();
    return this.node({ type: 'call', callee, args: args.items, start, end: args.end, at: start }, args.items);
  }

  private list(close: string, context: string): { items: ExpressionNode[]; end: number } {
    const items: ExpressionNode[] = [];
    if (!this.is(close)) {
      for (;;) {
        items.push(this.expression());
        if (!this.is(',')) break;
        this.next();
      }
    }
    const end = this.expect(close, context).end;
    return { items, end };
  }

  private primary(): ExpressionNode {
    const token = this.next();
    const span = { start: token.start, end: token.end, at: token.start };
    switch (token.kind) {
      case 'number':
      case 'string':
        return this.node({ type: 'literal', value: token.value!, ...span }, []);
      case 'keyword':
        return this.node({ type: 'literal', value: token.text === 'null' ? null : token.text === 'true', ...span }, []);
      case 'identifier':
        return this.node({ type: 'identifier', name: token.text, ...span }, []);
      case 'punctuation':
        if (token.text === '(') {
          this.enter(token.start);
          const inner = this.expression();
          this.leave();
          const close = this.expect(')', 'to close the parenthesis');
          return { ...inner, start: token.start, end: close.end };
        }
        if (token.text === '[') {
          this.enter(token.start);
          const elements = this.list(']', 'to close the array');
          this.leave();
          return this.node(
            { type: 'array', elements: elements.items, start: token.start, end: elements.end, at: token.start },
            elements.items,
          );
        }
        break;
      default:
        break;
    }
    return this.fail(token.start, `Unexpected ${this.describe(token)}; expected a value, a variable name, a function call or "(".`);
  }
}

/** Parse one expression (the text between `{{` and `}}`, already trimmed). Throws ExpressionError. */
export function parseExpression(source: string): ExpressionNode {
  if (source.length > LIMITS.expressionLength) {
    throw new ExpressionError({
      expression: source,
      position: LIMITS.expressionLength + 1,
      detail: `The expression is ${source.length} characters long; the limit is ${LIMITS.expressionLength}.`,
    });
  }
  return new Parser(source).parse();
}
