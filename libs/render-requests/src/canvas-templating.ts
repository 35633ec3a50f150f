import { CANVAS_LIMITS, FABRIC_GROUP_TYPES, FABRIC_TEXT_TYPES } from '@pressroom/contracts';
import type { FieldError } from '@pressroom/problem';
import {
  StepBudget,
  evaluateCanvasExpression,
  isPlainObject,
  renderCanvasText,
  renderText,
  replaceCanvasText,
  toText,
  truthy,
  typeName,
} from '@pressroom/templating';

/** String properties whose `{{ }}` are rendered (text objects' `text` has its own, style-keeping path). */
const TEMPLATED_STRINGS = ['src', 'fill', 'stroke', 'backgroundColor'] as const;

/**
 * One render's templating of a fabric canvas: `_if` drops objects,
 * `variableBindings` replace properties, `{{ }}` fill text (styles kept in
 * place) and the src/fill/stroke/backgroundColor strings. Collects what was
 * missing and the bindings of the wrong type instead of throwing, so a
 * caller reports them all at once (prepareCanvas). Expression errors throw.
 */
export class CanvasTemplating {
  readonly missing = new Set<string>();
  readonly bindingErrors: FieldError[] = [];
  private readonly steps = new StepBudget();

  constructor(private readonly scope: Record<string, unknown>) {}

  document(document: Record<string, unknown>, field: string): Record<string, unknown> {
    const { fonts: _fonts, ...canvas } = document;
    if (Array.isArray(canvas.objects)) canvas.objects = this.objects(canvas.objects, `${field}.objects`);
    for (const key of ['backgroundImage', 'overlayImage', 'clipPath']) {
      if (isPlainObject(canvas[key])) {
        const object = this.object(canvas[key], `${field}.${key}`);
        if (object) canvas[key] = object;
        else delete canvas[key];
      }
    }
    if (typeof canvas.background === 'string') canvas.background = this.text(canvas.background);
    return canvas;
  }

  private objects(list: unknown[], path: string): Record<string, unknown>[] {
    const kept: Record<string, unknown>[] = [];
    list.forEach((item, i) => {
      const object = this.object(item as Record<string, unknown>, `${path}.${i}`);
      if (object) kept.push(object);
    });
    return kept;
  }

  /** The object with variables applied, or null when its `_if` drops it. */
  private object(source: Record<string, unknown>, path: string): Record<string, unknown> | null {
    const { _if: condition, variableBindings, ...object } = source;
    // fabric 7 centres objects on left/top unless told otherwise; JSON without origins (hand-written,
    // or from editors on fabric <= 6) means the top-left corner. Stated origins are kept.
    object.originX ??= 'left';
    object.originY ??= 'top';
    if (typeof condition === 'string') {
      const result = evaluateCanvasExpression(condition, this.scope, { steps: this.steps });
      if (!result.found) this.missing.add(result.missing);
      if (!(result.found && truthy(result.value))) return null;
    }
    const bound = new Set<string>();
    if (isPlainObject(variableBindings)) {
      for (const [property, expression] of Object.entries(variableBindings)) {
        const result = evaluateCanvasExpression(expression as string, this.scope, { steps: this.steps });
        if (!result.found) {
          this.missing.add(result.missing);
          continue;
        }
        if (this.bind(object, property, result.value, `${path}.variableBindings.${property}`, expression as string)) bound.add(property);
      }
    }
    const type = String(object.type);
    if (FABRIC_TEXT_TYPES.has(type) && typeof object.text === 'string' && !bound.has('text')) {
      const rendered = renderCanvasText({ text: object.text, styles: object.styles }, this.scope, { steps: this.steps });
      rendered.missing.forEach((name) => this.missing.add(name));
      object.text = rendered.text;
      if (rendered.styles !== undefined) object.styles = rendered.styles;
    }
    for (const key of TEMPLATED_STRINGS) {
      if (typeof object[key] === 'string' && !bound.has(key)) object[key] = this.text(object[key]);
    }
    if (FABRIC_GROUP_TYPES.has(type) && Array.isArray(object.objects)) object.objects = this.objects(object.objects, `${path}.objects`);
    if (isPlainObject(object.clipPath)) {
      const clipPath = this.object(object.clipPath, `${path}.clipPath`);
      if (clipPath) object.clipPath = clipPath;
      else delete object.clipPath;
    }
    return object;
  }

  private text(value: string): string {
    if (!value.includes('{{')) return value;
    const rendered = renderText(value, this.scope, { steps: this.steps });
    rendered.missing.forEach((name) => this.missing.add(name));
    return rendered.text;
  }

  /** Apply one bound value; false (and a field error) when it cannot go in that property. */
  private bind(object: Record<string, unknown>, property: string, value: unknown, field: string, expression: string): boolean {
    const wrong = (expected: string) => {
      this.bindingErrors.push({
        field,
        message: `${JSON.stringify(expression.slice(0, 100))} is ${typeName(value)}; ${property} needs ${expected}.`,
      });
      return false;
    };
    switch (property) {
      case 'text': {
        const text = toText(value);
        const replaced = replaceCanvasText({ text: typeof object.text === 'string' ? object.text : '', styles: object.styles }, text);
        object.text = replaced.text;
        if (replaced.styles !== undefined) object.styles = replaced.styles;
        return true;
      }
      case 'src':
        if (typeof value !== 'string' || value.trim() === '') return wrong('an image URL');
        if (value.length > CANVAS_LIMITS.dataUrlChars) return wrong(`a URL of at most ${CANVAS_LIMITS.dataUrlChars} characters`);
        object.src = value.trim();
        return true;
      case 'fill':
      case 'stroke':
      case 'backgroundColor':
        if (typeof value !== 'string') return wrong('a colour string');
        object[property] = value;
        return true;
      case 'opacity': {
        const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
        if (typeof number !== 'number' || !(number >= 0 && number <= 1)) return wrong('a number from 0 to 1');
        object.opacity = number;
        return true;
      }
      case 'visible':
        object.visible = truthy(value);
        return true;
      default:
        return false;
    }
  }
}
