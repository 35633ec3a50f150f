/**
 * The values as a URL carries them: text, numbers and booleans as they are, anything else as JSON text. Text a
 * number field could not read stays text, so the server refuses it beside that field rather than the link
 * leaving the variable out.
 */
export function urlValues(variables: Record<string, unknown>): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(variables)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([name, value]) => [
        name,
        typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value),
      ]),
  );
}

/**
 * The /r/ URL with an API key (Use via API's "URL with an API key"), the key's place held by YOUR_API_KEY. A variable
 * without a value (null) is left out, as the signed link leaves it out: the route reads every parameter given as a
 * value, so `null` would render the text "null" and an empty one an empty text, where left out the default is used.
 */
export function keyUrlOf(origin: string, uid: string, variables: Record<string, unknown>, layout?: string): string {
  const query = new URLSearchParams({ token: 'YOUR_API_KEY' });
  for (const [name, value] of Object.entries(urlValues(variables))) query.set(name, String(value));
  if (layout && layout !== 'default') query.set('layout', layout);
  return `${origin}/r/${uid}.png?${query.toString()}`;
}
