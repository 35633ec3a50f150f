import { StaticCanvas, type Canvas, type FabricObject } from 'fabric';
import { CANVAS_KEYS, fitAutoFitText, keepAutoFitWidth } from '@pressroom/contracts/constants';

/** A font the design may use: the account's font assets, and the design's own `fonts` entries. */
export interface DesignFont {
  family: string;
  url: string;
  weight?: string | number;
  style?: string;
}

const loaded = new Map<string, Promise<void>>();

/** The families a design names (fontFamily anywhere in it), lower-cased. */
export function familiesIn(design: Record<string, unknown>): Set<string> {
  const families = new Set<string>();
  JSON.stringify(design, (key, value: unknown) => {
    if (key === 'fontFamily' && typeof value === 'string') {
      for (const family of value.split(','))
        families.add(
          family
            .trim()
            .replace(/^["']|["']$/g, '')
            .toLowerCase(),
        );
    }
    return value;
  });
  return families;
}

/**
 * Loads each font the design uses into the document and waits for it, as the renderer does before it
 * draws: a face that is only declared would fall back silently and the editor would measure text in
 * another font than the render. The design's own `fonts` take precedence over the account's (as in the
 * renderer); a face is loaded once per page. Returns the fonts that failed; `strict` throws on the first.
 */
export async function loadDesignFonts(
  design: Record<string, unknown>,
  accountFonts: readonly DesignFont[],
  options: { strict?: boolean } = {},
): Promise<DesignFont[]> {
  const own = Array.isArray(design.fonts) ? (design.fonts as DesignFont[]) : [];
  const declared = new Set(own.map((font) => font.family.toLowerCase()));
  const used = familiesIn(design);
  const fonts = [...own, ...accountFonts.filter((font) => !declared.has(font.family.toLowerCase()) && used.has(font.family.toLowerCase()))];
  const results = await Promise.allSettled(fonts.map(loadFont));
  const failed = fonts.filter((_font, i) => results[i]!.status === 'rejected');
  if (options.strict && failed.length > 0) {
    throw new Error(`The font ${JSON.stringify(failed[0]!.family)} could not be loaded from ${failed[0]!.url}.`);
  }
  return failed;
}

function loadFont(font: DesignFont): Promise<void> {
  const key = `${font.family}\0${font.url}\0${font.weight ?? ''}\0${font.style ?? ''}`;
  let done = loaded.get(key);
  if (!done) {
    const face = new FontFace(font.family, `url(${JSON.stringify(font.url)})`, {
      weight: String(font.weight ?? 'normal'),
      style: font.style ?? 'normal',
    });
    (document.fonts as unknown as Set<FontFace>).add(face);
    done = face.load().then(
      () => undefined,
      (error: unknown) => {
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, done);
  }
  return done;
}

/**
 * The JSON fabric gets (a copy): canvas-level keys only; objects without origins at their top-left corner
 * (as the renderer's templating reads them; fabric 7 would centre them); images asked for with CORS so that
 * the canvas can be exported (a tainted canvas refuses toDataURL).
 */
function fabricJson(design: Record<string, unknown>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of CANVAS_KEYS) if (design[key] !== undefined) picked[key] = design[key];
  return JSON.parse(
    JSON.stringify(picked, (key, value: unknown) => (key === 'crossOrigin' ? undefined : value)),
    function (this: Record<string, unknown>, key, value: unknown) {
      if (value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string') {
        const object = value as Record<string, unknown>;
        const type = String(object.type).toLowerCase();
        if (!['linear', 'radial', 'pattern'].includes(type)) {
          object.originX ??= 'left';
          object.originY ??= 'top';
        }
        if (type === 'image') object.crossOrigin = 'anonymous';
      }
      // As the renderer's JSON: an auto-fit text fits the width designed, not the one fabric widens it to.
      return keepAutoFitWidth(value);
    },
  ) as Record<string, unknown>;
}

/**
 * Draws a (templated) design on a fabric canvas exactly as the renderer does (libs/browser canvas-page):
 * fonts awaited first, retina scaling off (one canvas pixel is one output pixel), the same canvas keys,
 * groups stated without a size fitted to their children, auto-fit text shrunk by the renderer's own function
 * (fitAutoFitText). The editor loads templates through this (tried values too), so what it shows is what
 * renders (docs/adr/0038).
 */
export async function loadDesign<C extends StaticCanvas | Canvas>(
  canvas: C,
  input: { design: Record<string, unknown>; fonts: readonly DesignFont[]; strictFonts?: boolean },
): Promise<C> {
  await loadDesignFonts(input.design, input.fonts, { strict: input.strictFonts ?? false });
  await canvas.loadFromJSON(fabricJson(input.design));
  const groups: FabricObject[] = [];
  const walk: FabricObject[] = [...canvas.getObjects()];
  while (walk.length > 0) {
    const object = walk.pop()!;
    if ('getObjects' in object && typeof object.getObjects === 'function') {
      groups.push(object);
      walk.push(...(object.getObjects() as FabricObject[]));
    }
  }
  for (const group of groups.reverse()) {
    const layout = group as FabricObject & { triggerLayout?: () => void; getObjects: () => FabricObject[] };
    if ((group.width === 0 || group.height === 0) && layout.getObjects().length > 0) layout.triggerLayout?.();
  }
  // As the renderer does after loading: a value longer than the design's text shrinks to its box here too.
  const texts: FabricObject[] = [...canvas.getObjects()];
  while (texts.length > 0) {
    const object = texts.pop()!;
    if ('getObjects' in object && typeof object.getObjects === 'function') texts.push(...(object.getObjects() as FabricObject[]));
    fitAutoFitText(object as unknown as Parameters<typeof fitAutoFitText>[0]);
  }
  canvas.renderAll();
  return canvas;
}

/** A canvas that only draws (no selection): thumbnails, the read-only canvas view, parity checks. */
export function newStaticCanvas(element: HTMLCanvasElement, size: { width: number; height: number }): StaticCanvas {
  return new StaticCanvas(element, { ...size, enableRetinaScaling: false, renderOnAddRemove: false });
}

/** The canvas as a PNG data URL, one output pixel per canvas pixel (what the renderer's PNG has). */
export function exportPng(canvas: StaticCanvas | Canvas): string {
  return canvas.toDataURL({ format: 'png', multiplier: 1, enableRetinaScaling: false });
}
