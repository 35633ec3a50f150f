import { stripBraces } from './evaluate-expression.js';
import { splitPlaceholders } from './placeholders.js';

const DIRECTIVE = /[\s"'/]_(if|for)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const LOOP = /^\s*([\s\S]*?)\s+in\s+([\s\S]+)$/;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** One expression of an HTML template and where it starts in the HTML. */
export interface TemplateExpression {
  at: number;
  /** The expression, braces stripped. */
  source: string;
  /** Names a `_for` binds (its loop variables), for the expressions inside it. */
  binds?: string[];
}

/**
 * Every expression an HTML template evaluates, in no particular order: `{{ }}` placeholders (read as the renderer
 * splits them) and the values of `_if` attributes and the collections of `_for` attributes.
 */
export function templateExpressions(html: string): TemplateExpression[] {
  const found: TemplateExpression[] = [];
  let at = 0;
  for (const segment of splitPlaceholders(html)) {
    if (segment.kind === 'expression') found.push({ at, source: segment.source });
    at += segment.kind === 'text' ? segment.text.length : segment.raw.length;
  }
  for (const match of html.matchAll(DIRECTIVE)) {
    const value = (match[2] ?? match[3] ?? match[4] ?? '').replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
    if (match[1]!.toLowerCase() === 'if') {
      found.push({ at: match.index, source: stripBraces(value) });
      continue;
    }
    const loop = LOOP.exec(stripBraces(value));
    if (!loop) continue;
    const binds = loop[1]!
      .replace(/[()]/g, '')
      .split(',')
      .map((name) => name.trim());
    found.push({ at: match.index, source: loop[2]!, binds });
  }
  return found;
}
