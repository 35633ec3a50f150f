export type FunctionCategory = 'string' | 'number' | 'format' | 'array' | 'type' | 'utility';

/** What a function may do while it runs: spend steps for its work, fail with a message, check a length. */
export interface CallContext {
  readonly name: string;
  /** Spend evaluation steps proportional to the work (array items, characters / 100); throws when the budget is gone. */
  spend(steps: number): void;
  fail(detail: string): never;
  /** Fail before building a string longer than the limit. */
  checkLength(length: number): void;
}

export interface FunctionSpec {
  name: string;
  category: FunctionCategory;
  signature: string;
  description: string;
  /** A self-contained expression, evaluated by the tests... */
  example: string;
  /** ...to exactly this value. */
  result: unknown;
  minArgs: number;
  maxArgs: number;
  /** Arguments that are plain variable paths may be undefined without an error (default, isDefined, ...). */
  lenient?: boolean;
  call(args: unknown[], ctx: CallContext): unknown;
}

/** The public description of a function, as GET /templates/expression/functions lists it. */
export interface FunctionInfo {
  name: string;
  category: FunctionCategory;
  signature: string;
  description: string;
  example: string;
  result: unknown;
}
