/** The longest `search` of a template list by name: a name is at most 200 characters, so a longer text matches none. */
export const NAME_SEARCH_MAX = 200;
