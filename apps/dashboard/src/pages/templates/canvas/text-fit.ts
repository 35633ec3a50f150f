import type { FabricObject, Textbox } from 'fabric';
import { fitAutoFitText, type AutoFitMode } from '@pressroom/contracts/constants';

/**
 * Auto-fit of a text box (see fitAutoFitText): the renderer runs the same function after loading the JSON
 * (libs/browser/src/canvas/canvas-page.ts), so a variable's longer text shrinks there exactly as it does here.
 */
export function fitText(object: FabricObject): boolean {
  return fitAutoFitText(object as Textbox);
}

/** Turns auto-fit on (the box is the text's current size) or off (the fitted size stays). */
export function setAutoFit(object: FabricObject, on: boolean): void {
  const text = object as Textbox;
  if (on) {
    text.set({ autoFit: true, autoFitMaxFontSize: text.fontSize, autoFitHeight: Math.round(text.height) });
    fitText(text);
  } else {
    text.set({ autoFit: false, autoFitMaxFontSize: undefined, autoFitHeight: undefined, autoFitMode: undefined });
  }
}

/**
 * Wrap then shrink (the default: kept out of the design, as designs made before the choice) or one line,
 * shrink; fitted again at once.
 */
export function setAutoFitMode(object: FabricObject, mode: AutoFitMode): void {
  object.set({ autoFitMode: mode === 'wrap' ? undefined : mode });
  fitText(object);
}
