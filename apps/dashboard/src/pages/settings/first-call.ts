/**
 * A new key's first request, ready to paste into a terminal: a small image from a line of HTML (`POST /image`), with
 * the key in it, so a developer sees the key work before writing any code. It is on the address this browser used,
 * as the playground's curl is. The key is hex after its prefix and the body has no apostrophe: both are safe inside
 * the shell's single quotes as they are.
 */
export function firstCallCurl(origin: string, key: string): string {
  const body = JSON.stringify({ html: '<h1 style="font-family:sans-serif">Hello from Pressroom</h1>', width: 600, height: 315 });
  return `curl -s ${origin}/image \\\n  -H 'Authorization: Bearer ${key}' \\\n  -H 'Content-Type: application/json' \\\n  -d '${body}'`;
}
