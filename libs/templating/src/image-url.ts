const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9-]+=[^;,]*)*(?:;base64)?,/i;

/**
 * Image variables are http(s) URLs or data:image/ URLs. Where an http(s)
 * URL points is checked later, by the SSRF guard, when the browser loads it.
 */
export function imageUrlProblem(value: string): string | null {
  const text = value.trim();
  if (text.toLowerCase().startsWith('data:')) {
    return DATA_IMAGE.test(text) ? null : 'A data URL must be an image: data:image/<type>[;base64],<data>.';
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Not a URL; give an absolute http(s) URL or a data:image/ URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `The URL scheme ${JSON.stringify(url.protocol)} is not allowed; use http(s) or a data:image/ URL.`;
  }
  if (url.username || url.password) return 'URLs with credentials are not allowed.';
  return null;
}
