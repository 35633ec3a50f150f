import { LIMITS } from './limits.js';

/**
 * Evaluation steps left for one render. Every expression of the render
 * draws from the same budget, so no template (loops included) can run long.
 */
export class StepBudget {
  readonly limit: number;
  private used = 0;

  constructor(limit: number = LIMITS.steps) {
    this.limit = limit;
  }

  /** Spend `count` steps; false when the budget is exhausted (the caller raises the error with its position). */
  spend(count = 1): boolean {
    this.used += count;
    return this.used <= this.limit;
  }

  get spent(): number {
    return this.used;
  }
}
