/**
 * What makes a template variable definition usable, checked where definitions are saved
 * (`VariableDefinitions` in template.ts). Each rule states exactly what the template language
 * (libs/templating, which depends on this package) does when it reads or renders a variable, so a
 * definition accepted here renders: libs/templating/src/variable-rules-parity.test.ts keeps the names
 * in step with the tokenizer's identifiers. How values and defaults are read is variable-values.ts,
 * which the template language itself uses.
 */

/** The characters an identifier of the template language starts with, and those it continues with (bodies of a `u` character class). */
export const IDENTIFIER_START = '\\p{L}_$';
export const IDENTIFIER_PART = '\\p{L}\\p{N}_$';

/** A name `{{ name }}` reads as one variable: the tokenizer's identifier. */
export const VARIABLE_NAME = new RegExp(`^[${IDENTIFIER_START}][${IDENTIFIER_PART}]*$`, 'u');

/** Identifiers the language never reads as a variable: its keywords, then the keys it refuses to read. */
const KEYWORDS = new Set(['true', 'false', 'null']);
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Why `name` cannot be a template variable's name, or null when it can. */
export function variableNameProblem(name: string): string | null {
  if (!VARIABLE_NAME.test(name)) {
    return `\`${name}\` is not a variable name: start with a letter, \`_\` or \`$\`, then use only letters, digits, \`_\` and \`$\` (no spaces or punctuation).`;
  }
  if (KEYWORDS.has(name)) return `\`${name}\` is a keyword of the template language, not a variable name.`;
  if (FORBIDDEN_KEYS.has(name)) return `\`${name}\` is reserved; templates cannot read a variable of that name.`;
  return null;
}

export function isVariableName(name: string): boolean {
  return variableNameProblem(name) === null;
}

// CSS Color Module Level 4 named colours, plus `transparent`.
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue ' +
    'chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey ' +
    'darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray ' +
    'darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen ' +
    'fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen ' +
    'lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue ' +
    'mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive ' +
    'olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver ' +
    'skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const COLOUR_FUNCTION = /^(rgba?|hsla?)\(\s*([^()]*?)\s*\)$/i;
const CSS_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

function parseComponent(text: string): { value: number; unit: '' | '%' | 'deg' } | null {
  const unit = text.endsWith('%') ? '%' : text.toLowerCase().endsWith('deg') ? 'deg' : '';
  const number = text.slice(0, text.length - unit.length);
  return CSS_NUMBER.test(number) ? { value: Number(number), unit } : null;
}

function validAlpha(text: string | undefined): boolean {
  if (text === undefined) return true;
  const alpha = parseComponent(text);
  if (!alpha || alpha.unit === 'deg') return false;
  return alpha.unit === '%' ? alpha.value >= 0 && alpha.value <= 100 : alpha.value >= 0 && alpha.value <= 1;
}

/** The components of `rgb(…)` / `hsl(…)`: legacy comma syntax or modern space syntax with `/ alpha`. */
function splitComponents(inner: string): { parts: string[]; alpha: string | undefined } | null {
  if (inner.includes(',')) {
    const parts = inner.split(',').map((p) => p.trim());
    if (parts.length !== 3 && parts.length !== 4) return null;
    return { parts: parts.slice(0, 3), alpha: parts[3] };
  }
  const [main, alpha, extra] = inner.split('/').map((p) => p.trim());
  if (extra !== undefined || main === undefined || (alpha !== undefined && alpha === '')) return null;
  const parts = main.split(/\s+/);
  return parts.length === 3 ? { parts, alpha } : null;
}

/** CSS colour syntax a `color` variable takes: #hex, rgb()/rgba(), hsl()/hsla() or a colour name. */
export function isValidColor(value: string): boolean {
  const text = value.trim();
  if (HEX_COLOUR.test(text) || NAMED_COLOURS.has(text.toLowerCase())) return true;
  const fn = COLOUR_FUNCTION.exec(text);
  if (!fn) return false;
  const components = splitComponents(fn[2]!);
  if (!components || !validAlpha(components.alpha)) return false;
  const parsed = components.parts.map(parseComponent);
  if (parsed.some((p) => p === null)) return false;
  const [a, b, c] = parsed as Array<{ value: number; unit: string }>;
  if (fn[1]!.toLowerCase().startsWith('rgb')) {
    return [a!, b!, c!].every((p) => (p.unit === '%' ? p.value >= 0 && p.value <= 100 : p.unit === '' && p.value >= 0 && p.value <= 255));
  }
  return a!.unit !== '%' && [b!, c!].every((p) => p.unit === '%' && p.value >= 0 && p.value <= 100);
}
