// The one auto-fit of a design's text: the dashboard's editor calls it (through @pressroom/contracts/constants),
// and the renderer (libs/browser canvas-page) injects its source into the page it draws in, so a variable's
// longer text shrinks in the render exactly as it does in the editor. Hence the rules of this file: no imports,
// no closures, and no named functions or arrow functions inside `fitAutoFitText` (tsx and esbuild would wrap
// them in a `__name` helper the page does not have); only its own source travels.

/**
 * How an auto-fit text box fits (`autoFitMode` of a text object; absent is `wrap`): `wrap` wraps the words
 * onto as many lines as the box height takes, then shrinks; `one-line` never wraps a line of the text (its
 * own line breaks stay) and shrinks until each line fits the box width. The renderer's design check
 * (render-requests canvas-check) refuses any other value, naming the field.
 */
export const AUTO_FIT_MODES = ['wrap', 'one-line'] as const;
export type AutoFitMode = (typeof AUTO_FIT_MODES)[number];

/** The fabric text box (Textbox) members auto-fit reads and sets, as loaded from a design's JSON. */
export interface AutoFitText {
  /** Auto-fit is on only when this is `true`. */
  autoFit?: unknown;
  /** One of AUTO_FIT_MODES; anything else (absent included) wraps, as designs made before it did. */
  autoFitMode?: unknown;
  /** The font size it starts from (the size the user chose); the current font size when not a number. */
  autoFitMaxFontSize?: unknown;
  /** The height the wrapped text must fit; the box's height when not a number. */
  autoFitHeight?: unknown;
  /** The box's width as the design states it (keepAutoFitWidth); read by the first fit, then cleared. */
  autoFitWidth?: unknown;
  width: number;
  height: number;
  fontSize: number;
  /** The width of the longest word at the current size (fabric's Textbox). */
  dynamicMinWidth?: number;
  /** The text, with its own line breaks (`\n`). */
  text?: string;
  /** The lines as drawn at the current size and width: the text's own lines, wrapped (fabric's Textbox). */
  textLines?: unknown[];
  initDimensions?: () => void;
  set(properties: Record<string, unknown>): unknown;
  setCoords(): void;
}

/**
 * From `autoFitMaxFontSize` down, one pixel at a time, to the largest font size at which the wrapped text is
 * no taller than `autoFitHeight` and no word is wider than the box (1 at the least); the box keeps its width.
 * In `one-line` mode the size must also leave every line of the text unwrapped (as many lines drawn as the
 * text has), so a long name shrinks along its one line instead of breaking onto a second.
 * Returns whether the object is an auto-fit text box (and was fitted).
 */
export function fitAutoFitText(object: AutoFitText): boolean {
  if (object.autoFit !== true || typeof object.initDimensions !== 'function') return false;
  // The design's width, not the loaded object's: fabric widened the box to the longest word at the starting size.
  const boxWidth = typeof object.autoFitWidth === 'number' ? object.autoFitWidth : object.width;
  const boxHeight = typeof object.autoFitHeight === 'number' ? object.autoFitHeight : object.height;
  let size = typeof object.autoFitMaxFontSize === 'number' ? object.autoFitMaxFontSize : object.fontSize;
  // Counted once: the text's own lines, which one-line mode keeps (a `\n` the designer typed is not a wrap).
  const ownLines = object.autoFitMode === 'one-line' ? String(object.text ?? '').split('\n').length : Infinity;
  for (;;) {
    object.set({ fontSize: size, width: boxWidth });
    object.initDimensions();
    const unwrapped = (object.textLines?.length ?? 0) <= ownLines;
    if ((object.height <= boxHeight && (object.dynamicMinWidth ?? 0) <= boxWidth && unwrapped) || size <= 1) break;
    size = Math.max(1, size - 1);
  }
  // Cleared: from now on the box's width is its own (the editor's later fits follow a resize).
  object.set({ width: boxWidth, autoFitWidth: undefined });
  object.setCoords();
  return true;
}

/**
 * For the JSON a design is loaded from (a JSON.stringify replacer's or JSON.parse reviver's value): an auto-fit
 * text's own `width` copied to `autoFitWidth`, which fitAutoFitText then fits to. Fabric widens a text box to its
 * longest word as it loads it, so a long word at the starting size (a long name at 110 px) would otherwise leave
 * the box wider than designed and the fitted text spilling past it. Other values are returned as they are.
 */
export function keepAutoFitWidth(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  if (object.autoFit !== true || typeof object.width !== 'number') return value;
  return { ...object, autoFitWidth: object.width };
}
