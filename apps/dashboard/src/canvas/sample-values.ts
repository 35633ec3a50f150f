import type { VariableDefinition } from '../api/templates';
import { fillStyledText } from './styled-text';
import { fillPlaceholders, PLACEHOLDER, TEMPLATED_COLOURS } from './templated-strings';

type Json = Record<string, unknown>;

/** The strings the renderer templates besides text (libs/render-requests canvas-templating). */
const TEMPLATED_STRINGS = ['src', ...TEMPLATED_COLOURS] as const;
const GROUP_TYPES = new Set(['group', 'activeselection']);

/** The defaults of a template's variables, with `values` over them: what the editor shows. */
export function sampleValues(definitions: readonly VariableDefinition[], values: Record<string, unknown> = {}): Record<string, unknown> {
  const scope: Record<string, unknown> = {};
  for (const definition of definitions) if (definition.defaultValue !== undefined) scope[definition.name] = definition.defaultValue;
  return { ...scope, ...values };
}

function object(source: Json, scope: Record<string, unknown>): Json {
  const { _if: _condition, variableBindings, ...copy } = source;
  // As the renderer: fabric 7 centres objects unless told otherwise; JSON without origins means the top-left corner.
  copy.originX ??= 'left';
  copy.originY ??= 'top';
  if (variableBindings && typeof variableBindings === 'object') {
    for (const [property, expression] of Object.entries(variableBindings as Record<string, unknown>)) {
      const name = typeof expression === 'string' ? /^\s*\{?\{?\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}?\}?\s*$/.exec(expression)?.[1] : undefined;
      if (name !== undefined && scope[name] !== undefined) copy[property] = scope[name];
    }
  }
  if (typeof copy.text === 'string') {
    const filled = fillStyledText({ text: copy.text, styles: copy.styles }, PLACEHOLDER, (whole, name) =>
      scope[name] === undefined || scope[name] === null ? whole : String(scope[name]),
    );
    copy.text = filled.text;
    if (filled.styles !== undefined) copy.styles = filled.styles;
  }
  for (const key of TEMPLATED_STRINGS) if (typeof copy[key] === 'string') copy[key] = fillPlaceholders(copy[key], scope);
  if (GROUP_TYPES.has(String(copy.type).toLowerCase()) && Array.isArray(copy.objects)) {
    copy.objects = (copy.objects as Json[]).map((child) => object(child, scope));
  }
  return copy;
}

/**
 * The design with its `{{ name }}` placeholders filled from `scope`, the way the renderer's templating fills
 * them (texts, src, fill, stroke, backgroundColor, the background colour; origins default to the top-left
 * corner). A copy: the design itself keeps its placeholders for saving.
 */
export function withSampleValues(design: Json, scope: Record<string, unknown>): Json {
  const copy: Json = { ...design };
  if (Array.isArray(copy.objects)) copy.objects = (copy.objects as Json[]).map((child) => object(child, scope));
  for (const key of ['backgroundImage', 'overlayImage']) {
    if (copy[key] && typeof copy[key] === 'object') copy[key] = object(copy[key] as Json, scope);
  }
  if (typeof copy.background === 'string') copy.background = fillPlaceholders(copy.background, scope);
  return copy;
}
