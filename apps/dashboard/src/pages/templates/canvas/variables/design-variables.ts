/**
 * Variables in a FabricJS design, read and applied in the JSON the API stores: `variableBindings`
 * (a property replaced by a variable's value, as libs/render-requests/src/canvas-templating.ts
 * renders it) and `{{ name }}` placeholders inside a text. Pure functions: the panel and the
 * "try values" view use them; the renderer stays the truth (the Render panel, render-panel.tsx).
 */

import { isVariableName } from '@pressroom/contracts';
import { eachObject } from '../../../../canvas/design-walk.js';
import { PLACEHOLDER, TEMPLATED_COLOURS } from '../../../../canvas/templated-strings.js';

export type BindableProperty = 'text' | 'src' | 'fill';
export type VariableType = 'text' | 'image' | 'color' | 'number' | 'boolean';

type Json = Record<string, unknown>;

/** The variable names in `{{ }}` of a string, in order. */
function placeholderNames(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter(isVariableName);
}

/** `text` with each `{{ name }}` that has a value in `values` (and `accept`s it) replaced; the others stay as written. */
function fillNames(text: string, values: Record<string, string>, accept: (value: string | undefined) => boolean): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (isVariableName(name) && accept(values[name]) ? values[name]! : whole));
}

const TEXT_TYPES = new Set(['text', 'itext', 'i-text', 'textbox']);

export function isTextType(type: unknown): boolean {
  return typeof type === 'string' && TEXT_TYPES.has(type.toLowerCase());
}
export function isImageType(type: unknown): boolean {
  return typeof type === 'string' && type.toLowerCase() === 'image';
}

/** What a property bound to a variable implies about the variable's type. */
export const PROPERTY_TYPE: Record<BindableProperty, VariableType> = { text: 'text', src: 'image', fill: 'color' };

/** The property of an object of `type` that a whole-object binding replaces. */
export function bindablePropertyOf(type: unknown): BindableProperty {
  if (isTextType(type)) return 'text';
  if (isImageType(type)) return 'src';
  return 'fill';
}

export interface DesignVariable {
  name: string;
  /** Where the design uses it: `text`, `src`, `fill`, or `{{ }}` in a text. */
  uses: Array<BindableProperty | 'placeholder'>;
}

/** The variables a design uses, in order of first use. A binding that is an expression (not a bare name) is left out. */
export function variablesInDesign(design: Json): DesignVariable[] {
  const found = new Map<string, DesignVariable>();
  const use = (name: string, how: DesignVariable['uses'][number]) => {
    const entry = found.get(name) ?? { name, uses: [] };
    if (!entry.uses.includes(how)) entry.uses.push(how);
    found.set(name, entry);
  };
  eachObject(design, (object) => {
    const bindings = object.variableBindings;
    if (bindings && typeof bindings === 'object') {
      for (const [property, source] of Object.entries(bindings as Json)) {
        if (typeof source === 'string' && isVariableName(source.trim()) && ['text', 'src', 'fill'].includes(property)) {
          use(source.trim(), property as BindableProperty);
        }
      }
    }
    if (isTextType(object.type) && typeof object.text === 'string') {
      for (const name of placeholderNames(object.text)) use(name, 'placeholder');
    }
    for (const key of TEMPLATED_COLOURS) {
      const colour = object[key];
      if (typeof colour === 'string') for (const name of placeholderNames(colour)) use(name, 'fill');
    }
  });
  if (typeof design.background === 'string') for (const name of placeholderNames(design.background)) use(name, 'fill');
  return [...found.values()];
}

/**
 * The design with `values` applied, for trying them on the canvas: bound properties take the value,
 * `{{ name }}` in texts and colour strings is replaced (a name without a value stays as written). The input is not changed.
 * Per-character styles are left as they are: the renderer keeps them in place exactly; here a
 * replacement of another length only shifts them, which a preview tolerates.
 */
export function applyValues(design: Json, values: Record<string, string>): Json {
  const copy = structuredClone(design);
  eachObject(copy, (object) => {
    const bindings = object.variableBindings;
    if (bindings && typeof bindings === 'object') {
      for (const [property, source] of Object.entries(bindings as Json)) {
        const value = typeof source === 'string' ? values[source.trim()] : undefined;
        if (value !== undefined && value !== '') object[property] = value;
      }
    }
    if (isTextType(object.type) && typeof object.text === 'string') {
      object.text = fillNames(object.text, values, (value) => value !== undefined);
    }
    for (const key of TEMPLATED_COLOURS) {
      const colour = object[key];
      if (typeof colour === 'string') object[key] = fillNames(colour, values, Boolean);
    }
  });
  if (typeof copy.background === 'string') copy.background = fillNames(copy.background, values, Boolean);
  return copy;
}
