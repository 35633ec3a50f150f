import { randomBytes } from 'node:crypto';
import { defaultTreeAdapter, parse, parseFragment, serialize, type DefaultTreeAdapterTypes as T } from 'parse5';
import { ProblemError } from '@pressroom/problem';
import { evaluateNode, lookupPath } from './evaluator.js';
import { ExpressionError } from './expression-error.js';
import { LIMITS } from './limits.js';
import { compileExpression } from './parse-cache.js';
import { splitPlaceholders } from './placeholders.js';
import { addOutput, isRaw, placeholderValue, type RenderState } from './render-text.js';
import type { Scope } from './scope.js';
import { isForbiddenKey, truthy, typeName } from './values.js';

/** Attributes that make a template need the HTML parse; without them the text path is used. */
export const DIRECTIVE_ATTRIBUTE = /[\s"'/]_(?:if|for)\s*=/i;

/** Elements whose text the serializer writes unescaped: values placed there are escaped by us. */
const RAW_TEXT_ELEMENTS = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext', 'noscript']);
const NAME = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;
const TAG_NAME = /^[a-z][a-z0-9-]{0,63}$/;
const LOOP = /^\s*([\s\S]*?)\s+in\s+([\s\S]+)$/;

type ParentNode = T.ParentNode;
type ChildNode = T.ChildNode;
type Element = T.Element;

function isElement(node: T.Node): node is Element {
  return 'tagName' in node;
}

/**
 * Renders a template that uses `_if` / `_for`. Every `{{ }}` is first swapped
 * for an inert marker, so expressions can contain `<`, `>`, `&` and quotes
 * without confusing the HTML parser; the tree is then walked: `_for` repeats
 * an element per array item, `_if` drops it when falsy, markers are evaluated
 * in their scope. The serializer escapes text and attribute values; values
 * inside raw-text elements (style, script) are HTML-escaped by us.
 */
class DirectiveRenderer {
  private readonly expressions: Array<{ raw: string; source: string }> = [];
  private readonly marker: RegExp;
  private readonly nonce = randomBytes(6).toString('hex');

  constructor(private readonly state: RenderState) {
    this.marker = new RegExp(`\uE000${this.nonce}(\\d+)\uE001`, 'g');
  }

  render(html: string, scope: Scope): string {
    // The same placeholder text gets the same marker, so `<h{{ n }}>…</h{{ n }}>` still pairs up.
    const markers = new Map<string, string>();
    const protectedHtml = splitPlaceholders(html)
      .map((segment) => {
        if (segment.kind === 'text') return segment.text;
        let marker = markers.get(segment.raw);
        if (marker === undefined) {
          this.expressions.push(segment);
          marker = `\uE000${this.nonce}${this.expressions.length - 1}\uE001`;
          markers.set(segment.raw, marker);
        }
        return marker;
      })
      .join('');
    const isDocument = /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype|html|head|body)[\s>]/i.test(protectedHtml);
    const root: ParentNode = isDocument ? parse(protectedHtml) : parseFragment(protectedHtml);
    assertDepth(root);
    this.children(root, scope);
    return serialize(root);
  }

  private spend(expression: string): void {
    if (!this.state.budget.spend(1)) {
      throw new ExpressionError({
        expression,
        position: 1,
        detail: `The render needs more than ${this.state.budget.limit} evaluation steps (too much work in expressions and _for loops).`,
      });
    }
  }

  private children(parent: ParentNode, scope: Scope): void {
    const out: ChildNode[] = [];
    for (const child of parent.childNodes) {
      if (isElement(child)) {
        const loop = takeAttribute(child, '_for');
        if (loop === undefined) {
          if (this.element(child, scope)) out.push(child);
          continue;
        }
        const { itemName, indexName, items, source } = this.loop(loop, scope);
        items.forEach((item, index) => {
          this.spend(source);
          const clone = this.clone(child, source) as Element;
          const vars: Record<string, unknown> = { [itemName]: item };
          if (indexName) vars[indexName] = index;
          if (this.element(clone, scope.child(vars))) out.push(clone);
        });
      } else if (child.nodeName === '#text') {
        out.push(...this.text(child, parent, scope));
      } else if (child.nodeName === '#comment') {
        const comment = child;
        comment.data = this.fill(comment.data, scope, (value) => this.state.escape(value));
        out.push(comment);
      } else {
        out.push(child);
      }
    }
    for (const node of out) node.parentNode = parent;
    parent.childNodes = out;
  }

  /** Apply `_if`, fill attributes, recurse. False when `_if` drops the element. */
  private element(element: Element, scope: Scope): boolean {
    const condition = takeAttribute(element, '_if');
    if (condition !== undefined && !this.condition(condition, scope)) return false;
    if (element.tagName.includes('\uE000')) this.tagName(element, scope);
    for (const attribute of element.attrs) {
      attribute.name = this.restore(attribute.name);
      attribute.value = this.fill(attribute.value, scope, (value) => value);
    }
    this.children(element, scope);
    const content = defaultTreeAdapter.getTemplateContent(element as T.Template);
    if (element.tagName === 'template' && content) this.children(content, scope);
    return true;
  }

  /** A tag name built from placeholders (`<h{{ level }}>`): evaluated, and it must still be a tag name. */
  private tagName(element: Element, scope: Scope): void {
    const name = this.fill(element.tagName, scope, (value) => value).toLowerCase();
    if (!TAG_NAME.test(name)) {
      const expression = this.expressions[Number(new RegExp(this.marker.source).exec(element.tagName)?.[1] ?? 0)]!;
      throw new ExpressionError({
        expression: expression.source,
        position: 1,
        detail: `The tag name ${JSON.stringify(name.slice(0, 60))} is not valid: letters, digits and hyphens, starting with a letter.`,
      });
    }
    element.tagName = name;
    element.nodeName = name;
  }

  /** The expression of a directive attribute: its value, or the single `{{ }}` it holds. */
  private directiveSource(value: string): string {
    const only = new RegExp(`^\\s*\uE000${this.nonce}(\\d+)\uE001\\s*$`).exec(value);
    return only ? this.expressions[Number(only[1])]!.source : this.restore(value).trim();
  }

  private condition(value: string, scope: Scope): boolean {
    const source = this.directiveSource(value);
    const compiled = compileExpression(source);
    const ctx = { source: compiled.source, scope, budget: this.state.budget };
    if (compiled.bare) {
      const found = lookupPath(compiled.ast, ctx);
      if (!found.found) this.state.missing.add(compiled.source);
      return found.found && truthy(found.value);
    }
    return truthy(evaluateNode(compiled.ast, ctx));
  }

  private loop(value: string, scope: Scope): { itemName: string; indexName: string | undefined; items: unknown[]; source: string } {
    const source = this.directiveSource(value);
    const match = LOOP.exec(source);
    let head = match?.[1]?.trim() ?? '';
    if (head.startsWith('(') && head.endsWith(')')) head = head.slice(1, -1);
    const names = head.split(',').map((name) => name.trim());
    if (!match || names.length > 2 || !names.every((name) => NAME.test(name) && !isForbiddenKey(name))) {
      throw new ExpressionError({ expression: source, position: 1, detail: '_for must read "item in items" or "item, index in items".' });
    }
    const compiled = compileExpression(match[2]!.trim());
    const ctx = { source: compiled.source, scope, budget: this.state.budget };
    let items: unknown;
    if (compiled.bare) {
      const found = lookupPath(compiled.ast, ctx);
      if (!found.found) this.state.missing.add(compiled.source);
      items = found.found ? found.value : null;
    } else {
      items = evaluateNode(compiled.ast, ctx);
    }
    if (items === null || items === undefined) items = [];
    if (!Array.isArray(items)) {
      throw new ExpressionError({
        expression: compiled.source,
        position: 1,
        detail: `_for needs an array to repeat over; got ${typeName(items)}.`,
      });
    }
    return { itemName: names[0]!, indexName: names[1], items, source };
  }

  /** A text node with its placeholders evaluated; raw-HTML values become parsed nodes. */
  private text(node: T.TextNode, parent: ParentNode, scope: Scope): ChildNode[] {
    if (!node.value.includes('\uE000')) return [node];
    const rawTextParent = isElement(parent) && RAW_TEXT_ELEMENTS.has(parent.tagName);
    const nodes: ChildNode[] = [];
    let pending = '';
    let last = 0;
    for (const match of node.value.matchAll(this.marker)) {
      pending += node.value.slice(last, match.index);
      last = match.index + match[0].length;
      const expression = this.expressions[Number(match[1])]!;
      const compiled = compileExpression(expression.source);
      const value = placeholderValue(compiled, scope, this.state);
      if (value === null) {
        pending += expression.raw;
        continue;
      }
      addOutput(this.state, value.length, expression.source);
      if (!isRaw(compiled, this.state)) {
        pending += rawTextParent ? this.state.escape(value) : value;
      } else if (rawTextParent) {
        pending += value;
      } else {
        if (pending) nodes.push(textNode(pending, parent));
        pending = '';
        nodes.push(...parseFragment(value).childNodes);
      }
    }
    pending += node.value.slice(last);
    if (pending) nodes.push(textNode(pending, parent));
    return nodes;
  }

  /** A string with its placeholders evaluated (attributes, comments). */
  private fill(text: string, scope: Scope, escape: (value: string) => string): string {
    if (!text.includes('\uE000')) return text;
    return text.replace(this.marker, (_whole, index: string) => {
      const expression = this.expressions[Number(index)]!;
      const value = placeholderValue(compileExpression(expression.source), scope, this.state);
      if (value === null) return expression.raw;
      addOutput(this.state, value.length, expression.source);
      return escape(value);
    });
  }

  /** Markers back to their original `{{ }}` text (attribute names, malformed directives). */
  private restore(text: string): string {
    return text.includes('\uE000') ? text.replace(this.marker, (_whole, index: string) => this.expressions[Number(index)]!.raw) : text;
  }

  /** Deep copy of a subtree for one `_for` repetition; spends a step per node and counts its text. */
  private clone(node: ChildNode, source: string): ChildNode {
    this.spend(source);
    if (isElement(node)) {
      const copy: Element = { ...node, attrs: node.attrs.map((a) => ({ ...a })), childNodes: [] };
      copy.childNodes = node.childNodes.map((child) => {
        const childCopy = this.clone(child, source);
        childCopy.parentNode = copy;
        return childCopy;
      });
      const content = defaultTreeAdapter.getTemplateContent(node as T.Template);
      if (node.tagName === 'template' && content) {
        const contentCopy: T.DocumentFragment = { nodeName: '#document-fragment', childNodes: [] };
        contentCopy.childNodes = content.childNodes.map((child) => {
          const childCopy = this.clone(child, source);
          childCopy.parentNode = contentCopy;
          return childCopy;
        });
        (copy as T.Template).content = contentCopy;
      }
      return copy;
    }
    if (node.nodeName === '#text' || node.nodeName === '#comment') {
      const length = node.nodeName === '#text' ? node.value.length : node.data.length;
      addOutput(this.state, length, source);
    }
    return { ...node };
  }
}

function textNode(value: string, parent: ParentNode): T.TextNode {
  return { nodeName: '#text', value, parentNode: parent };
}

function takeAttribute(element: Element, name: string): string | undefined {
  const index = element.attrs.findIndex((attribute) => attribute.name === name);
  if (index === -1) return undefined;
  const [attribute] = element.attrs.splice(index, 1);
  return attribute!.value;
}

/** Reject trees deeper than the limit before anything recurses over them. */
function assertDepth(root: ParentNode): void {
  const stack: Array<{ node: T.Node; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > LIMITS.htmlDepth) {
      throw new ProblemError('validation-error', {
        detail: `The template's HTML nests deeper than ${LIMITS.htmlDepth} elements.`,
        errors: [{ field: 'html', message: `Nested deeper than ${LIMITS.htmlDepth} elements.` }],
      });
    }
    if ('childNodes' in node) for (const child of node.childNodes) stack.push({ node: child, depth: depth + 1 });
    if (isElement(node) && node.tagName === 'template') {
      const content = defaultTreeAdapter.getTemplateContent(node as T.Template);
      if (content) stack.push({ node: content, depth: depth + 1 });
    }
  }
}

/** Render a template that contains `_if` / `_for` attributes. */
export function renderWithDirectives(html: string, scope: Scope, state: RenderState): string {
  return new DirectiveRenderer(state).render(html, scope);
}
