import { Circle, FabricImage, Line, Polygon, Rect, Textbox, type FabricObject } from 'fabric';
import { DEFAULT_TEXT_FONT } from '@pressroom/contracts/constants';

/** Every new object is placed by its top-left corner, as the renderer reads JSON without origins. */
const ORIGIN = { originX: 'left', originY: 'top' } as const;
/**
 * No stroke, and no stroke width either: fabric counts its default width (1) in an object's size even with no stroke
 * to draw, so a 200 px rectangle would read 201 in Properties. The Stroke switch gives a width when it turns one on.
 */
const NO_STROKE = { stroke: null, strokeWidth: 0 } as const;

export type ShapeKind = 'text' | 'rect' | 'circle' | 'line' | 'polygon';

/**
 * A new object of a kind at `at`, with a readable layer name: a shape's kind; a text has none of its own, so that its
 * layer shows its words (`layerName`: "Text “Launch day”") and follows them as they change.
 */
export function createShape(kind: ShapeKind, at: { left: number; top: number }): FabricObject {
  switch (kind) {
    case 'text':
      return new Textbox('Your text', {
        ...ORIGIN,
        ...at,
        width: 320,
        fontSize: 48,
        fontFamily: DEFAULT_TEXT_FONT,
        fill: '#111827',
        ...NO_STROKE,
      });
    case 'rect':
      return new Rect({ ...ORIGIN, ...at, width: 200, height: 120, fill: '#4f46e5', ...NO_STROKE, name: 'Rectangle' });
    case 'circle':
      return new Circle({ ...ORIGIN, ...at, radius: 80, fill: '#f59e0b', ...NO_STROKE, name: 'Circle' });
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
        { ...ORIGIN, ...at, fill: '#10b981', ...NO_STROKE, name: 'Polygon' },
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
