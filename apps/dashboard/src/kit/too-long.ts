/**
 * The dashboard's one wording for text over its length limit: the API's generic words ("Must be at most 200
 * characters long."), which other fields already show beside them, so every field says it the same way.
 */
export const tooLong = (max: number) => `Must be at most ${max} characters long.`;
