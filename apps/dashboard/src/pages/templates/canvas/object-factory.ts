import { Circle, FabricImage, Line, Polygon, Rect, Textbox, type FabricObject } from 'fabric';

/** Every new object is placed by its top-left corner, as the renderer reads JSON without origins. */
const ORIGIN = { originX: 'left', originY: 'top' } as const;

export type ShapeKind = 'text' | 'rect' | 'circle' | 'line' | 'polygon';

/** A new object of a kind, placed near the top-left of the canvas, with a readable layer name. */
export function createShape(kind: ShapeKind, at: { left: number; top: number }): FabricObject {
  switch (kind) {
    case 'text':
      return new Textbox('Your text', {
        ...ORIGIN,
        ...at,
        width: 320,
        fontSize: 48,
        fontFamily: 'sans-serif',
        fill: '#111827',
        name: 'Text',
      });
    case 'rect':
      return new Rect({ ...ORIGIN, ...at, width: 200, height: 120, fill: '#4f46e5', name: 'Rectangle' });
    case 'circle':
      return new Circle({ ...ORIGIN, ...at, radius: 80, fill: '#f59e0b', name: 'Circle' });
    case 'line':
      return new Line([at.left, at.top, at.left + 240, at.top], { ...ORIGIN, stroke: '#111827', strokeWidth: 6, name: 'Line' });
    case 'polygon':
      return new Polygon(
        [
          { x: 100, y: 0 },
          { x: 200, y: 80 },
          { x: 160, y: 200 },
          { x: 40, y: 200 },
          { x: 0, y: 80 },
        ],
        { ...ORIGIN, ...at, fill: '#10b981', name: 'Polygon' },
      );
  }
}

/** An image by URL, scaled down to fit the canvas when larger. Rejects when the image cannot be loaded. */
export async function createImage(src: string, canvasSize: { width: number; height: number }): Promise<FabricImage> {
  const image = await FabricImage.fromURL(src, { crossOrigin: 'anonymous' }, { ...ORIGIN, left: 0, top: 0, name: 'Image' });
  const scale = Math.min(1, canvasSize.width / (image.width || 1), canvasSize.height / (image.height || 1));
  image.scale(scale);
  return image;
}
