/**
 * A blank design: fabric 7 JSON with no objects and a white background. Kept free of fabric imports so the
 * "new template" form can create a canvas template without loading the editor's chunk.
 */
export function emptyDesign(): Record<string, unknown> {
  return { version: '7.4.0', objects: [], background: '#ffffff' };
}
