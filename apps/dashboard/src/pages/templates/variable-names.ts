import { IDENTIFIER_PART, IDENTIFIER_START } from '@pressroom/contracts';

/** A variable definition, as far as the panel needs it (api/templates.ts has the full shape). */
interface VariableDefinition {
  name: string;
  type: 'text' | 'image' | 'color' | 'number' | 'boolean';
  defaultValue?: unknown;
}

type Literal = string | number | boolean;

// As the renderer reads them (libs/templating's splitPlaceholders): the first `}}` closes, the nearest `{{` before it
// opens; a `{{` with no `}}` after it stays text.
const PLACEHOLDER = /\{\{((?:(?!\{\{)[\s\S])*?)\}\}/g;
// Names as the template language reads them (contracts' identifier characters, Unicode letters included).
const NAME = `[${IDENTIFIER_START}][${IDENTIFIER_PART}]*`;
const IDENTIFIER = new RegExp(`(?<![${IDENTIFIER_PART}.'"])(${NAME})(?![${IDENTIFIER_PART}]*\\s*\\()`, 'gu');
const LOOP = new RegExp(`_for="\\s*(${NAME})(?:\\s*,\\s*(${NAME}))?\\s+in\\s+([^"]+)"`, 'gu');
const KEYWORDS = new Set(['true', 'false', 'null', 'in']);

/**
 * The variable names a template reads, as the editor guesses them while typing: the first segment of every
 * path inside `{{ }}` and `_if`/`_for` attributes, minus function names, literals and loop variables.
 * (The server's own list is GET /templates/{uid}/variables; this one works on unsaved HTML.)
 */
export function namesInTemplate(html: string): string[] {
  const found = new Set<string>();
  const loopNames = new Set<string>();
  for (const match of html.matchAll(LOOP)) {
    loopNames.add(match[1]!);
    if (match[2]) loopNames.add(match[2]);
    collect(match[3]!, found);
  }
  for (const match of html.matchAll(/_if="([^"]+)"/g)) collect(match[1]!, found);
  for (const match of html.matchAll(PLACEHOLDER)) collect(match[1]!, found);
  return [...found].filter((name) => !loopNames.has(name));
}

function collect(expression: string, into: Set<string>): void {
  const withoutStrings = expression.replace(/'(?:\\.|[^'])*'|"(?:\\.|[^"])*"/g, "''");
  for (const match of withoutStrings.matchAll(IDENTIFIER)) if (!KEYWORDS.has(match[1]!)) into.add(match[1]!);
}

/**
 * The lines (from 1) holding a `{{` that no `}}` closes: the renderer shows such a brace pair as text, which is
 * rarely what the author meant, so the editor says where it is.
 */
export function unclosedPlaceholderLines(html: string): number[] {
  const blanked = html.replace(PLACEHOLDER, (placeholder) => placeholder.replace(/[^\n]/g, ' '));
  const lines = new Set<number>();
  for (const match of blanked.matchAll(/\{\{/g)) lines.add(blanked.slice(0, match.index).split('\n').length);
  return [...lines];
}

const FALLBACK = new RegExp(
  String.raw`(?<![${IDENTIFIER_PART}])default\(\s*(${NAME})\s*,\s*('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|-?\d+(?:\.\d+)?|true|false)\s*\)`,
  'gu',
);

function literal(source: string): Literal {
  if (source === 'true' || source === 'false') return source === 'true';
  if (/^[-\d]/.test(source)) return Number(source);
  return source.slice(1, -1).replace(/\\(.)/g, '$1');
}

/**
 * The fallbacks the HTML itself gives variables, `{{ default(name, 'literal') }}`: what a render without the
 * variable shows, so the editor previews with it rather than a made-up sample (the first one of a name wins).
 */
export function fallbacksInTemplate(html: string): Map<string, Literal> {
  const fallbacks = new Map<string, Literal>();
  for (const placeholder of html.matchAll(PLACEHOLDER)) {
    for (const match of placeholder[1]!.matchAll(FALLBACK)) if (!fallbacks.has(match[1]!)) fallbacks.set(match[1]!, literal(match[2]!));
  }
  return fallbacks;
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The input a variable the HTML gives a fallback gets: a colour picker for a hex colour, else by the literal's type. */
function typeOfFallback(value: Literal | undefined): VariableDefinition['type'] {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return typeof value === 'string' && HEX_COLOUR.test(value) ? 'color' : 'text';
}

/**
 * One panel entry per variable: the definitions first (in order), then names only the HTML mentions: as text,
 * or with the fallback the HTML gives them (`default(name, …)`) as their default and its type. Only what the
 * editor shows and previews with: the saved definitions are the draft's own.
 */
export function variablesOf<D extends VariableDefinition>(html: string, definitions: D[]): (D | VariableDefinition)[] {
  const defined = new Set(definitions.map((d) => d.name));
  const fallbacks = fallbacksInTemplate(html);
  return [
    // A definition without a default of its own previews with the HTML's fallback too.
    ...definitions.map((d) => {
      const fallback = fallbacks.get(d.name);
      const ownDefault = d.defaultValue !== undefined && d.defaultValue !== null && d.defaultValue !== '';
      return ownDefault || fallback === undefined ? d : { ...d, defaultValue: fallback };
    }),
    ...namesInTemplate(html)
      .filter((n) => !defined.has(n))
      .map((name): VariableDefinition => {
        const fallback = fallbacks.get(name);
        return fallback === undefined ? { name, type: 'text' } : { name, type: typeOfFallback(fallback), defaultValue: fallback };
      }),
  ];
}
