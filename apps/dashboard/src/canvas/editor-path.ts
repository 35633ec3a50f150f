/** Where a canvas template opens: the visual editor (pages/templates/canvas). */
export function editorPathOf(template: { uid: string }): string {
  return `/templates/${encodeURIComponent(template.uid)}/canvas`;
}
