import {
  CANVAS_LIMITS,
  FABRIC_GROUP_TYPES,
  FABRIC_TEXT_TYPES,
  type CanvasFont,
  type CanvasFontSource,
  type ImageRenderSource,
  type VariableDefinition,
} from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { ProblemError, type FieldError } from '@pressroom/problem';
import type { Storage } from '@pressroom/storage';
import {
  StepBudget,
  evaluateCanvasExpression,
  expressionProblem,
  isExpressionError,
  missingVariablesProblem,
  renderCanvasText,
  renderText,
  replaceCanvasText,
  resolveVariables,
  toText,
  truthy,
  typeName,
} from '@pressroom/templating';
import { checkCanvasDocument } from './canvas-check.js';
import { INLINE_HTML_LIMIT } from './submit-render.js';
import { resolveLayout } from './template-layouts.js';
import { templatePage } from './template-source.js';

/** A canvas as the gateway hands it to the renderer: templated JSON and the fonts to load. */
export interface CanvasRenderSource {
  kind: 'canvas';
  canvas: Record<string, unknown>;
  fonts: CanvasFontSource[];
}

/** String properties whose `{{ }}` are rendered (text objects' `text` has its own, style-keeping path). */
const TEMPLATED_STRINGS = ['src', 'fill', 'stroke', 'backgroundColor'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export interface PrepareCanvasInput {
  /** fabric canvas JSON with Pressroom's additions (`fonts`, `_if`, `variableBindings`, `{{ }}`). */
  document: Record<string, unknown>;
  variables: Record<string, unknown>;
  definitions: VariableDefinition[];
  strictVariables: boolean;
  /** Where the document sits in the request, for error fields. */
  field?: string;
}

/**
 * Check a canvas document (400 with per-field errors), resolve its variables
 * (defaults, coercion, validation: 400 per variable), then apply them: `_if`
 * drops objects, `variableBindings` replace properties, `{{ }}` fill text
 * (styles kept in place) and the src/fill/stroke/backgroundColor strings.
 * Expression errors are 400 expression-error. Nothing is queued before this
 * has succeeded.
 */
export function prepareCanvas(input: PrepareCanvasInput): CanvasRenderSource {
  const field = input.field ?? 'fabricJSData';
  const errors = checkCanvasDocument(input.document, field);
  if (errors.length > 0) {
    throw new ProblemError('validation-error', {
      detail: `The canvas JSON is invalid: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
      errors,
    });
  }
  const scope = resolveVariables(input.definitions, input.variables);
  const templating = new CanvasTemplating(scope);
  let canvas: Record<string, unknown>;
  try {
    canvas = templating.document(input.document, field);
  } catch (error) {
    if (isExpressionError(error)) throw expressionProblem(error);
    throw error;
  }
  if (templating.bindingErrors.length > 0) {
    throw new ProblemError('validation-error', {
      detail: `Variables bound to canvas objects have the wrong type: ${templating.bindingErrors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
      errors: templating.bindingErrors,
    });
  }
  if (input.strictVariables && templating.missing.size > 0) throw missingVariablesProblem(templating.missing);
  return { kind: 'canvas', canvas, fonts: fontsOf(input.document.fonts) };
}

/** The canvas size a document states, when it states one (checked by checkCanvasDocument). */
export function canvasSizeOf(document: Record<string, unknown>): { width?: number; height?: number } {
  return {
    ...(typeof document.width === 'number' ? { width: document.width } : {}),
    ...(typeof document.height === 'number' ? { height: document.height } : {}),
  };
}

function fontsOf(fonts: unknown): CanvasFontSource[] {
  if (!Array.isArray(fonts)) return [];
  return (fonts as CanvasFont[]).map((font) => ({
    family: font.family.trim(),
    url: font.url,
    ...(font.weight !== undefined ? { weight: String(font.weight) } : {}),
    ...(font.style !== undefined ? { style: font.style } : {}),
  }));
}

/** One render's templating state: the variables, a shared step budget, what was missing. */
class CanvasTemplating {
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

/**
 * A canvas as a `render.image` command carries it: inline, or spilled to
 * storage under `inputs/<render id>.json` when large (the renderer deletes it
 * once the render has ended). Same limit as HTML.
 */
export async function canvasCommandSource(
  storage: Storage,
  renderId: string,
  source: CanvasRenderSource,
  inlineLimit = INLINE_HTML_LIMIT,
): Promise<CanvasRenderSource | Extract<ImageRenderSource, { kind: 'stored-canvas' }>> {
  const json = JSON.stringify({ canvas: source.canvas, fonts: source.fonts });
  if (Buffer.byteLength(json) <= inlineLimit) return { kind: 'canvas', canvas: source.canvas, fonts: source.fonts };
  const storageKey = `inputs/${renderId}.json`;
  await storage.put(storageKey, Buffer.from(json), 'application/json');
  return { kind: 'stored-canvas', storageKey };
}

export interface TemplateImageSource {
  /** The layout rendered (`default` for the template itself). */
  layout: string;
  source: { kind: 'html'; html: string; jsEnabled: boolean } | CanvasRenderSource;
  width: number;
  height: number;
}

/**
 * What an image render of a template (or one of its layouts) draws: the
 * HTML page (templatePage), or the templated canvas when the layout's design
 * is fabric JSON. Layout entries of canvas templates hold {width, height, fabricJSData}.
 */
export function templateImageSource(
  template: TemplateRow,
  options: { variables: Record<string, unknown>; layout?: string | undefined },
): TemplateImageSource {
  const layout = resolveLayout(template, options.layout);
  if (layout.html === null && layout.fabricJSData) {
    const source = prepareCanvas({
      document: layout.fabricJSData,
      variables: options.variables,
      definitions: template.variableDefinitions as VariableDefinition[],
      strictVariables: template.strictVariables,
      field: layout.key === 'default' ? 'fabricJSData' : `layouts.${layout.key}.fabricJSData`,
    });
    return { layout: layout.key, source, width: layout.width, height: layout.height };
  }
  const page = templatePage(template, options);
  return {
    layout: page.layout,
    source: { kind: 'html', html: page.html, jsEnabled: page.jsEnabled },
    width: page.width,
    height: page.height,
  };
}
