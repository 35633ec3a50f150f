/**
 * The syntax of URLs a render loads (image variables, timeline media): absolute http(s) without credentials, and for
 * images also data:image/ URLs. Pure, so saved templates, renders and the dashboard check the same thing. Where an
 * http(s) URL points is checked later, by the SSRF guard, when it is fetched.
 */

const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9-]+=[^;,]*)*(?:;base64)?,/i;

/** Why `value` is not an absolute http(s) URL a render may fetch, or null; `orElse` names what else the field takes. */
function httpUrlProblem(value: string, orElse?: string): string | null {
  const also = orElse ? ` or ${orElse}` : '';
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return `Not a URL; give an absolute http(s) URL${also}.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `The URL scheme ${JSON.stringify(url.protocol)} is not allowed; use http(s)${also}.`;
  }
  if (url.username || url.password) return 'URLs with credentials are not allowed.';
  return null;
}

/** An image to load: an absolute http(s) URL or a data:image/ URL. */
export function imageUrlProblem(value: string): string | null {
  const text = value.trim();
  if (text.toLowerCase().startsWith('data:')) {
    return DATA_IMAGE.test(text) ? null : 'A data URL must be an image: data:image/<type>[;base64],<data>.';
  }
  return httpUrlProblem(text, 'a data:image/ URL');
}

/** A video or audio source the server downloads: an absolute http(s) URL. */
export function mediaUrlProblem(value: string): string | null {
  return httpUrlProblem(value);
}
