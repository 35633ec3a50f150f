/** Where a render's template is edited: a video render's template is a video template. */
export const templatePathOf = (kind: string, uid: string) =>
  kind === 'video' ? `/video/templates/${encodeURIComponent(uid)}` : `/templates/${encodeURIComponent(uid)}`;
