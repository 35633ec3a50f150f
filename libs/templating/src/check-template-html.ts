import { eachNode } from './ast.js';
import { isExpressionError } from './expression-error.js';
import { callProblem } from './functions/index.js';
import { compileExpression } from './parse-cache.js';
import { templateExpressions } from './template-expressions.js';

/** The first expression of an HTML template that can never evaluate, and where it is. */
export interface TemplateHtmlProblem {
  /** 1-based line of the HTML where the expression starts. */
  line: number;
  /** The expression, braces stripped. */
  expression: string;
  detail: string;
}

/**
 * Whether every expression of an HTML template parses and calls only functions that exist with a fitting number of
 * arguments: what would fail every render whatever the variables, found when the template is saved instead.
 * Errors that depend on the values (a wrong type, a missing variable) are left to the render.
 */
export function checkTemplateHtml(html: string): TemplateHtmlProblem | null {
  const expressions = templateExpressions(html).sort((a, b) => a.at - b.at);
  for (const { at, source } of expressions) {
    const line = html.slice(0, at).split('\n').length;
    let problem: string | undefined;
    try {
      eachNode(compileExpression(source).ast, (node) => {
        if (problem === undefined && node.type === 'call') problem = callProblem(node.callee, node.args.length);
      });
    } catch (error) {
      if (!isExpressionError(error)) throw error;
      problem = error.detail;
    }
    if (problem !== undefined) return { line, expression: source, detail: problem };
  }
  return null;
}
