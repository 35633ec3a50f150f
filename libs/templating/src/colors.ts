/**
 * CSS colour syntax accepted for `color` variables: the one rule, in contracts, where saved definitions' defaults are
 * checked with it too (libs/contracts/src/http/variable-rules.ts).
 */
export { isValidColor } from '@pressroom/contracts';
