/** A variable definition, as far as sample values need it (api/templates.ts has the full shape). */
interface SampleDefinition {
  name: string;
  type: 'text' | 'image' | 'color' | 'number' | 'boolean';
  defaultValue?: unknown;
  validation?: { minLength?: number; maxLength?: number };
}

/** A 4×3 grey picture as an SVG data URL: no network fetch, and the SSRF guard has nothing to refuse. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;base64,' +
  btoa('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#cbd5e1"/></svg>');

export const PLACEHOLDER_COLOUR = '#6366f1';

/** The variable's name, stretched or cut to fit its length rules, so strict templates accept it. */
function sampleText(definition: SampleDefinition): string {
  const { minLength = 0, maxLength } = definition.validation ?? {};
  let text = definition.name || 'text';
  while (text.length < minLength) text += ` ${definition.name || 'text'}`;
  return maxLength !== undefined ? text.slice(0, Math.max(maxLength, 0)) : text;
}

/**
 * What the editor previews a variable with before anyone types a value: its definition's default, else a
 * value of its type (the name for text, a colour, 0, false, a grey picture). Without these a strict template
 * would open on a "missing variable" problem instead of a picture.
 */
export function sampleValueOf(definition: SampleDefinition): unknown {
  const fallback = definition.defaultValue;
  if (fallback !== undefined && fallback !== null && fallback !== '') return fallback;
  switch (definition.type) {
    case 'color':
      return PLACEHOLDER_COLOUR;
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'image':
      return PLACEHOLDER_IMAGE;
    default:
      return sampleText(definition);
  }
}

/** The values a preview uses: what the user typed (even an emptied field), else each variable's sample value. */
export function previewValues(definitions: SampleDefinition[], typed: Record<string, unknown>): Record<string, unknown> {
  // fromEntries, not assignment: a variable called `__proto__` stays a plain key.
  return Object.fromEntries(definitions.map((d) => [d.name, Object.hasOwn(typed, d.name) ? typed[d.name] : sampleValueOf(d)] as const));
}
