import { textTooLong } from '@pressroom/contracts/too-long';
import { withFullStop } from './sentence';

/**
 * The dashboard's one wording for text over its length limit: the API's own ("Must be at most 200 characters long",
 * libs/contracts too-long.ts), as a sentence, so a field the dashboard checks before sending and one the API refused
 * say it the same way.
 */
export const tooLong = (max: number) => withFullStop(textTooLong(max));
