import type { FabricObject, Textbox } from 'fabric';

/**
 * Auto-fit of a text box: from `autoFitMaxFontSize` (the size the user chose) down, one pixel at a time, to
 * the largest font size at which the wrapped text is no taller than `autoFitHeight` and no word is wider than
 * the box. The renderer runs the same steps after loading the JSON (libs/browser/src/canvas/canvas-page.ts),
 * so a variable's longer text shrinks there exactly as it does here.
 */
export function fitText(object: FabricObject): boolean {
  const text = object as Textbox;
  if (!text.autoFit || typeof text.initDimensions !== 'function') return false;
  const boxWidth = text.width;
  const boxHeight = text.autoFitHeight ?? text.height;
  let size = text.autoFitMaxFontSize ?? text.fontSize;
  for (;;) {
    text.set({ fontSize: size, width: boxWidth });
    text.initDimensions();
    const fits = text.height <= boxHeight && (text.dynamicMinWidth ?? 0) <= boxWidth;
    if (fits || size <= 1) break;
    size = Math.max(1, size - 1);
  }
  text.set('width', boxWidth);
  text.setCoords();
  return true;
}

/** Turns auto-fit on (the box is the text's current size) or off (the fitted size stays). */
export function setAutoFit(object: FabricObject, on: boolean): void {
  const text = object as Textbox;
  if (on) {
    text.set({ autoFit: true, autoFitMaxFontSize: text.fontSize, autoFitHeight: Math.round(text.height) });
    fitText(text);
  } else {
    text.set({ autoFit: false, autoFitMaxFontSize: undefined, autoFitHeight: undefined });
  }
}
