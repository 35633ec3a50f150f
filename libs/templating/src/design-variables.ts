import type { VariableDefinition } from '@pressroom/contracts';
import { templateVariableNames } from './variable-names.js';

/** What a saved template's design is made of, for finding the variables it reads. */
export interface TemplateDesign {
  html?: unknown;
  fabricJSData?: unknown;
  layouts?: Record<string, { html?: unknown; fabricJSData?: unknown }>;
}

/** Every string inside a FabricJS document (its texts among them), found without recursion. */
function fabricStrings(data: unknown): string[] {
  const strings: string[] = [];
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') for (const item of Array.isArray(value) ? value : Object.values(value)) stack.push(item);
  }
  return strings;
}

function designTexts(design: { html?: unknown; fabricJSData?: unknown }): string[] {
  return [...(typeof design.html === 'string' ? [design.html] : []), ...(design.fabricJSData ? fabricStrings(design.fabricJSData) : [])];
}

/** The variables a template reads: in its HTML or canvas design and in every layout's, each name once. */
export function designVariableNames(design: TemplateDesign): string[] {
  const names = new Set<string>();
  for (const part of [design, ...Object.values(design.layouts ?? {})]) {
    for (const text of designTexts(part)) for (const name of templateVariableNames(text)) names.add(name);
  }
  return [...names];
}

/**
 * The definitions of a template created without any: one `text` definition per variable its design reads.
 * The hosted service's clients expect `POST /templates` to find them (pictify-python's create_template);
 * `text` takes any value, so a render reads the variables exactly as it would with no definitions.
 */
export function definitionsFromDesign(design: TemplateDesign): VariableDefinition[] {
  return designVariableNames(design).map((name) => ({ name, type: 'text', allowRawHtml: false }));
}
