import { compileExpression } from './parse-cache.js';
import { splitPlaceholders } from './placeholders.js';
import { stripBraces } from './evaluate-expression.js';

const DIRECTIVE = /[\s"'/]_(if|for)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const LOOP = /^\s*([\s\S]*?)\s+in\s+([\s\S]+)$/;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function variablesOf(source: string): string[] {
  try {
    return compileExpression(stripBraces(source)).variables;
  } catch {
    return []; // a broken expression names nothing; rendering reports it
  }
}

/**
 * The variables a template reads, in order of first appearance: roots of
 * `{{ }}` expressions and of `_if` / `_for` attributes. Loop variables bound
 * by `_for` are not template variables and are left out; so are function
 * names and expressions that do not parse.
 */
export function templateVariableNames(source: string): string[] {
  const found: Array<{ at: number; names: string[] }> = [];
  const bound = new Set<string>();
  let at = 0;
  for (const segment of splitPlaceholders(source)) {
    if (segment.kind === 'expression') found.push({ at, names: variablesOf(segment.source) });
    at += segment.kind === 'text' ? segment.text.length : segment.raw.length;
  }
  for (const match of source.matchAll(DIRECTIVE)) {
    const value = (match[2] ?? match[3] ?? match[4] ?? '').replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
    if (match[1]!.toLowerCase() === 'if') {
      found.push({ at: match.index, names: variablesOf(value) });
      continue;
    }
    const loop = LOOP.exec(stripBraces(value));
    if (!loop) continue;
    for (const name of loop[1]!.replace(/[()]/g, '').split(',')) bound.add(name.trim());
    found.push({ at: match.index, names: variablesOf(loop[2]!) });
  }
  found.sort((a, b) => a.at - b.at);
  const names = new Set<string>();
  for (const entry of found) for (const name of entry.names) if (!bound.has(name)) names.add(name);
  return [...names];
}
