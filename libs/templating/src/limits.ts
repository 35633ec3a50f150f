/** Hard limits of the template language. They bound time and memory per render, whatever the input. */
export const LIMITS = {
  /** Evaluation steps (AST nodes visited plus work done inside functions) per render. */
  steps: 100_000,
  /** Characters in one expression (the text between `{{` and `}}`). */
  expressionLength: 10_000,
  /** Nesting of the expression tree (operators, calls, member chains, array literals) and of values parseJson / json accept. */
  depth: 200,
  /** Characters in any string an expression produces. */
  stringLength: 1024 * 1024,
  /** Characters of rendered output per template. */
  outputLength: 10 * 1024 * 1024,
  /** Element nesting in templates that use `_if` / `_for`. */
  htmlDepth: 1_000,
  /** Parsed expressions kept in the cache. */
  cacheEntries: 2_000,
} as const;
