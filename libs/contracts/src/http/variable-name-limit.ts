/*
 * How long a variable's name may be, without zod: the schemas that take one (a template's `variableDefinitions`, a
 * timeline clip's `variable` and `bind`, the length and soundtrack variables) build on it, and the dashboard's studio
 * refuses a longer name as it is bound, from `@pressroom/contracts/constants`, rather than only at Save.
 */

/** The most characters (UTF-16 code units, as the schemas count) in a variable's name. */
export const VARIABLE_NAME_MAX_LENGTH = 200;
