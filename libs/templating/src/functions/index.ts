import { pluralNoun } from '@pressroom/contracts/plural';
import { ARRAY_FUNCTIONS } from './array-functions.js';
import { FORMAT_FUNCTIONS } from './format-functions.js';
import { NUMBER_FUNCTIONS } from './number-functions.js';
import type { FunctionInfo, FunctionSpec } from './spec.js';
import { STRING_FUNCTIONS } from './string-functions.js';
import { TYPE_FUNCTIONS } from './type-functions.js';
import { UTILITY_FUNCTIONS } from './utility-functions.js';

export type { CallContext, FunctionCategory, FunctionInfo, FunctionSpec } from './spec.js';

const ALL: FunctionSpec[] = [
  ...STRING_FUNCTIONS,
  ...NUMBER_FUNCTIONS,
  ...FORMAT_FUNCTIONS,
  ...ARRAY_FUNCTIONS,
  ...TYPE_FUNCTIONS,
  ...UTILITY_FUNCTIONS,
];

/** A Map, not an object: a name such as `constructor` or `toString` must never resolve to anything inherited. */
export const FUNCTION_TABLE: ReadonlyMap<string, FunctionSpec> = new Map(ALL.map((spec) => [spec.name, spec]));

/** Every built-in function: name, category, signature, description, an example and its result. */
export const FUNCTIONS: FunctionInfo[] = ALL.map(({ name, category, signature, description, example, result }) => ({
  name,
  category,
  signature,
  description,
  example,
  result,
}));

/** A near name for "unknown function" messages (case-insensitive match or shared prefix). */
export function suggestFunction(name: string): string | undefined {
  const lower = name.toLowerCase();
  return (
    ALL.find((spec) => spec.name.toLowerCase() === lower)?.name ??
    ALL.find((spec) => lower.length >= 3 && (spec.name.toLowerCase().startsWith(lower) || lower.startsWith(spec.name.toLowerCase())))?.name
  );
}

/** What is wrong with calling `callee` with `argCount` arguments (an unknown name, a wrong count), or undefined. */
export function callProblem(callee: string, argCount: number): string | undefined {
  const spec = FUNCTION_TABLE.get(callee);
  if (!spec) {
    const suggestion = suggestFunction(callee);
    return `Unknown function ${JSON.stringify(callee)}.${suggestion ? ` Did you mean ${suggestion}()?` : ''} GET /templates/expression/functions lists them all.`;
  }
  if (argCount < spec.minArgs || argCount > spec.maxArgs) {
    const wanted = spec.minArgs === spec.maxArgs ? `${spec.minArgs}` : `${spec.minArgs} to ${spec.maxArgs}`;
    return `${spec.name} takes ${wanted} ${pluralNoun(spec.maxArgs, 'argument')} (${spec.signature}); got ${argCount}.`;
  }
  return undefined;
}
