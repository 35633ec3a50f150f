// The API's own limits, imported by path (the dashboard bundles no server package): one place for the numbers.
import { designLimitViolations } from '@pressroom/contracts/constants';

/**
 * Why the design cannot be saved, before it is sent (the API would refuse it with the same words),
 * or null. Bounded work: counting stops past the object limit.
 */
export function designTooLarge(design: Record<string, unknown>): string | null {
  const violations = designLimitViolations(design);
  return violations.length > 0 ? violations.map((v) => v.message).join(' ') : null;
}
