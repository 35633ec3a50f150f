// Small builders for the fabric objects the starters use: every object states its
// origin and stroke so that the editor and the renderer read it the same way.

type Obj = Record<string, unknown>;

const FONT = 'DejaVu Sans';

export function text(
  value: string,
  at: { left: number; top: number; width: number },
  style: {
    size: number;
    fill: string;
    weight?: 'normal' | 'bold';
    align?: 'left' | 'center' | 'right';
    italic?: boolean;
    lineHeight?: number;
    /**
     * Shrink to fit (the editor's and the renderer's auto-fit, fitAutoFitText of @pressroom/contracts): the text
     * may be no taller than this, from `size` down. One line's height keeps a longer value on its one line.
     */
    fitHeight?: number;
    /** With `fitHeight`: `one-line` never wraps the value, it only shrinks (autoFitMode); else it wraps, then shrinks. */
    fitMode?: 'one-line';
  },
): Obj {
  return {
    type: 'Textbox',
    originX: 'left',
    originY: 'top',
    left: at.left,
    top: at.top,
    width: at.width,
    text: value,
    fontFamily: FONT,
    fontSize: style.size,
    fontWeight: style.weight ?? 'normal',
    fontStyle: style.italic ? 'italic' : 'normal',
    textAlign: style.align ?? 'left',
    lineHeight: style.lineHeight ?? 1.16,
    fill: style.fill,
    ...(style.fitHeight !== undefined ? { autoFit: true, autoFitMaxFontSize: style.size, autoFitHeight: style.fitHeight } : {}),
    ...(style.fitHeight !== undefined && style.fitMode ? { autoFitMode: style.fitMode } : {}),
  };
}

export function rect(left: number, top: number, width: number, height: number, fill: string, radius = 0): Obj {
  return { type: 'Rect', originX: 'left', originY: 'top', left, top, width, height, fill, rx: radius, ry: radius, strokeWidth: 0 };
}

export function frame(left: number, top: number, width: number, height: number, stroke: string, strokeWidth: number): Obj {
  return { type: 'Rect', originX: 'left', originY: 'top', left, top, width, height, fill: 'transparent', stroke, strokeWidth };
}

export function circle(centreX: number, centreY: number, radius: number, fill: string): Obj {
  return { type: 'Circle', originX: 'center', originY: 'center', left: centreX, top: centreY, radius, fill, strokeWidth: 0 };
}

export function canvas(width: number, height: number, background: string, objects: Obj[]): Obj {
  return { version: '7.4.0', width, height, background, objects };
}
