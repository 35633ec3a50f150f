/** Image variables' URL rule: defined once in contracts, beside the other value rules (variable-values.ts). */
export { imageUrlProblem } from '@pressroom/contracts';
