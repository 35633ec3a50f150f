import { plural } from './plural.js';

/**
 * A text over its length limit, in the one wording of every API refusal of it (docs/api.md): the generic words of
 * issue-messages.ts for a bare `.max()`, the message schemas whose own `{ error }` would otherwise answer a too-long
 * value pass to `.max()` (textField, the account bodies), and a template variable over its `maxLength`. The
 * dashboard says the same words (its kit/too-long.ts, with a full stop). Said without the field's name:
 * `errors[].field` names it. Free of zod, so the dashboard imports it alone (`@pressroom/contracts/too-long`).
 */
export function textTooLong(max: number | bigint): string {
  return `Must be at most ${plural(max, 'character')} long`;
}
