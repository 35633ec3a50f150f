/**
 * Where a template opens: an HTML template (its `html` is a string) in the code editor, a canvas template
 * (`fabricJSData`, `html` null or absent) in the visual editor (pages/templates/canvas).
 */
export function editorPathOf(template: { uid: string; html?: string | null }): string {
  const path = `/templates/${encodeURIComponent(template.uid)}`;
  return typeof template.html === 'string' ? path : `${path}/canvas`;
}
