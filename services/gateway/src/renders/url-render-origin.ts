/**
 * What a `renders` row records as the origin of a `GET /r/{uid}` render: a plain `template` would hide
 * that it came from a URL (and whether that URL carried a key or a signature), which the dashboard's
 * render page shows. The render command and the public `source` fields (image list, `render.completed`)
 * keep saying `template`, the contract's value for a template render.
 */
export const URL_RENDER_ORIGINS = { key: 'url-render', signed: 'signed-url' } as const;
export type UrlRenderOrigin = (typeof URL_RENDER_ORIGINS)[keyof typeof URL_RENDER_ORIGINS];

const recorded: ReadonlySet<string> = new Set(Object.values(URL_RENDER_ORIGINS));

/** A row's origin as the contract's `source` names it: a URL render is a template render. */
export function contractSourceOf(origin: string): string {
  return recorded.has(origin) ? 'template' : origin;
}

/** How a template render was asked for, when the row knows more than `template` (GET /renders/{id} `via`). */
export function urlRenderViaOf(origin: string): UrlRenderOrigin | null {
  return recorded.has(origin) ? (origin as UrlRenderOrigin) : null;
}
