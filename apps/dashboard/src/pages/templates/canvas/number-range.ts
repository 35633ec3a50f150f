/**
 * The range a property field accepts, and why a typed number is outside it. Pure: the properties panel shows the
 * message beside the field and applies nothing until the number is back in range (unit tests import it under Node).
 */
export interface NumberRange {
  min?: number | undefined;
  max?: number | undefined;
}

function rangeText({ min, max }: NumberRange): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

/** Why `value` (a number input's `valueAsNumber`: NaN when empty or half-typed) cannot be applied, or null when it can. */
export function numberProblem(value: number, range: NumberRange): string | null {
  if (!Number.isFinite(value)) return `Enter a number${rangeText(range)}.`;
  if (range.min !== undefined && value < range.min)
    return `${value} is below the minimum, ${range.min}: enter a number${rangeText(range)}.`;
  if (range.max !== undefined && value > range.max)
    return `${value} is above the maximum, ${range.max}: enter a number${rangeText(range)}.`;
  return null;
}
