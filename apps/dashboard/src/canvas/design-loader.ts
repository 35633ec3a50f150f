import { StaticCanvas, type Canvas, type FabricObject } from 'fabric';
import { CANVAS_KEYS, fitAutoFitText, keepAutoFitWidth, RENDERER_FONTS, rendererFontPath } from '@pressroom/contracts/constants';

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
  // The renderer's own families (its system fonts) where no design or account font has the name: the files it
  // draws with, not the computer's namesakes. One the server lacks is not an error (the render falls back too).
  const system = familiesToLoad(fonts, used).flatMap(rendererDesignFonts);
  const [results] = await Promise.all([Promise.allSettled(fonts.map(loadFont)), Promise.allSettled(system.map(loadRendererFace))]);
  const failed = fonts.filter((_font, i) => results[i]!.status === 'rejected');
  if (options.strict && failed.length > 0) {
    throw new Error(`The font ${JSON.stringify(failed[0]!.family)} could not be loaded from ${failed[0]!.url}.`);
  }
  return failed;
}

/** The renderer's families among `used` that no design or account font already supplies. */
function familiesToLoad(fonts: readonly DesignFont[], used: ReadonlySet<string>): string[] {
  const supplied = new Set(fonts.map((font) => font.family.toLowerCase()));
  return RENDERER_FONTS.map((f) => f.family).filter((family) => used.has(family.toLowerCase()) && !supplied.has(family.toLowerCase()));
}

/** A renderer family's faces as the loader takes them, from the gateway's /app/fonts/ (the renderer's own files). */
export function rendererDesignFonts(family: string): DesignFont[] {
  const found = RENDERER_FONTS.find((f) => f.family.toLowerCase() === family.toLowerCase());
  return (found?.faces ?? []).map((face) => ({
    family: found!.family,
    url: rendererFontPath(face),
    weight: face.weight,
    style: face.style,
  }));
}

/** Loads a family the renderer has (all its faces) into the document; resolves when every face is ready. */
export async function loadRendererFamily(family: string): Promise<void> {
  await Promise.all(rendererDesignFonts(family).map(loadRendererFace));
}

const rendererFaces = new Map<string, Promise<void>>();
/** Text measured to tell whether a family is installed: every Latin letter and digit. */
const PROBE = 'The quick brown fox jumps over the lazy dog 0123456789 WAVY';

/**
 * One of the renderer's faces, from its file (/app/fonts/), where this computer does not have the family installed
 * (a Mac or PC without DejaVu, Liberation or Noto): registered under the family's name, text is measured and drawn
 * with the renderer's own file. Where the family is installed (a Linux desktop with the same Debian packages, the
 * tests), the installed copy is kept: Chromium lays out and rasterises an installed font exactly as the renderer's
 * Chromium does its system fonts, while a file-loaded face gets whole-pixel advances on Linux (a 0.1% wider line,
 * other anti-aliasing; and even a face only loaded to compare changed how Chromium drew the installed one).
 */
function loadRendererFace(font: DesignFont): Promise<void> {
  const key = `${font.family}\0${font.weight ?? ''}\0${font.style ?? ''}`;
  let done = rendererFaces.get(key);
  if (!done) {
    const context = document.createElement('canvas').getContext('2d')!;
    const width = (families: string) => {
      context.font = `${font.style ?? 'normal'} ${font.weight ?? 'normal'} 100px ${families}`;
      return context.measureText(PROBE).width;
    };
    const name = JSON.stringify(font.family);
    // `localStorage['pressroom.rendererFonts'] = 'always'` uses the files even so (as a computer without them would).
    const always = localStorage.getItem('pressroom.rendererFonts') === 'always';
    const installed = !always && (width(`${name}, monospace`) !== width('monospace') || width(`${name}, serif`) !== width('serif'));
    done = installed
      ? Promise.resolve()
      : loadFont(font).catch((error: unknown) => {
          rendererFaces.delete(key);
          throw error;
        });
    rendererFaces.set(key, done);
  }
  return done;
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
