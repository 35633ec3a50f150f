import { freeVariables, isBarePath, type ExpressionNode } from './ast.js';
import { ExpressionError } from './expression-error.js';
import { LIMITS } from './limits.js';
import { parseExpression } from './parser.js';

/** What the renderer needs to know about one expression, computed once per source. */
export interface CompiledExpression {
  source: string;
  ast: ExpressionNode;
  /** A bare variable path (`name`, `order.items[0].name`): left literally when missing. */
  bare: boolean;
  /** Variables it reads, function names excluded. */
  variables: string[];
}

type Entry = { ok: true; compiled: CompiledExpression } | { ok: false; error: ExpressionError };

/** Least-recently-used map: a Map iterates in insertion order, so the first key is the oldest. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
  }

  get size(): number {
    return this.map.size;
  }
}

const cache = new Lru<Entry>(LIMITS.cacheEntries);
/** Huge sources are parsed every time rather than pinning memory in the cache. */
const CACHEABLE_LENGTH = 2_000;

/** Parse (or fetch from the cache) one trimmed expression source. Failures are cached too. */
export function compileExpression(source: string): CompiledExpression {
  let entry = cache.get(source);
  if (!entry) {
    try {
      const ast = parseExpression(source);
      entry = { ok: true, compiled: { source, ast, bare: isBarePath(ast), variables: freeVariables(ast) } };
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      entry = { ok: false, error };
    }
    if (source.length <= CACHEABLE_LENGTH) cache.set(source, entry);
  }
  if (!entry.ok) throw entry.error;
  return entry.compiled;
}
