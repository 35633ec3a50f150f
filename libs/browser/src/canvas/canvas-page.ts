/**
 * The document a canvas job renders in, and the function evaluated inside it
 * (through CDP; it must be self-contained: no imports, no closures).
 */
import { fitAutoFitText } from '@pressroom/contracts/constants';

/**
 * A blank page with one canvas at the top-left corner; the viewport is the canvas size. It carries the
 * editor's text auto-fit (@pressroom/contracts) as source, for renderFabricInPage, which may call nothing
 * of ours directly.
 */
export const CANVAS_SHELL = `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;overflow:hidden;background:transparent}canvas{display:block}</style><script>window.__pressroomFitText = ${fitAutoFitText.toString()};</script></head><body><canvas id="pressroom-canvas"></canvas></body></html>`;

export interface PageFont {
  family: string;
  url: string;
  weight?: string;
  style?: string;
}

export interface PageCanvasInput {
  /** The canvas JSON as a string: parsed in the page, not twice on the way. */
  json: string;
  fonts: PageFont[];
  width: number;
  height: number;
}

export type PageCanvasResult =
  | { ok: true }
  | { ok: false; reason: 'no-fabric' }
  | { ok: false; reason: 'font'; url: string; family: string }
  | { ok: false; reason: 'image'; url: string }
  | { ok: false; reason: 'fabric'; message: string };

/**
 * Loads the fonts (each one awaited: a face that is merely declared falls back
 * silently), then the canvas JSON, then draws it once. Image loads that fail
 * are reported: fabric itself drops a failed image inside a group without a
 * word, which would render a silent blank.
 */
export async function renderFabricInPage(input: PageCanvasInput): Promise<PageCanvasResult> {
  const fabric = (window as any).fabric;
  if (!fabric || typeof fabric.StaticCanvas !== 'function') return { ok: false, reason: 'no-fabric' };

  for (const font of input.fonts) {
    // A CSS string: quotes, backslashes and line breaks become CSS escapes.
    const quoted = font.url.replace(/["\\\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
    const face = new FontFace(font.family, `url("${quoted}")`, { weight: font.weight ?? 'normal', style: font.style ?? 'normal' });
    // FontFaceSet is set-like; TypeScript's DOM lib leaves out add().
    (document.fonts as unknown as Set<FontFace>).add(face);
    try {
      await face.load();
    } catch {
      return { ok: false, reason: 'font', url: font.url, family: font.family };
    }
  }

  // fabric creates its <img> elements with document.createElement: watch them for errors.
  const failedImages: string[] = [];
  const createElement = document.createElement.bind(document);
  document.createElement = (tagName: string, options?: ElementCreationOptions) => {
    const element = createElement(tagName, options);
    if (element instanceof HTMLImageElement) {
      element.addEventListener('error', () => {
        // fabric clears src when it aborts a load: not a failure of the input.
        if (element.getAttribute('src')) failedImages.push(element.src);
      });
    }
    return element;
  };

  const element = document.getElementById('pressroom-canvas');
  const canvas = new fabric.StaticCanvas(element, {
    width: input.width,
    height: input.height,
    enableRetinaScaling: false,
    renderOnAddRemove: false,
  });
  const document_ = JSON.parse(input.json) as { objects?: unknown };
  // fabric keeps going when an object fails to load: top-level failures reach the reviver...
  // (No named inner functions here: tsx/esbuild would wrap them in a __name helper the page lacks.)
  const failures: string[] = [];
  try {
    await canvas.loadFromJSON(document_, (serialized: { type?: unknown }, _instance: unknown, error?: unknown) => {
      if (error) failures.push(`${String(serialized.type)}: ${error instanceof Error ? error.message : String(error)}`);
    });
  } catch (error) {
    if (failedImages.length > 0) return { ok: false, reason: 'image', url: failedImages[0]! };
    return { ok: false, reason: 'fabric', message: error instanceof Error ? error.message : String(error) };
  }
  if (failedImages.length > 0) return { ok: false, reason: 'image', url: failedImages[0]! };
  if (failures.length > 0) return { ok: false, reason: 'fabric', message: failures.join('; ') };
  // ...children of groups that fail are dropped without a word: compare the counts.
  let expected = 0;
  const pending: unknown[] = Array.isArray(document_.objects) ? [...document_.objects] : [];
  while (pending.length > 0) {
    const object = pending.pop() as { type?: unknown; objects?: unknown } | null;
    expected++;
    const isGroup = !!object && typeof object === 'object' && ['group', 'activeselection'].includes(String(object.type).toLowerCase());
    if (isGroup && Array.isArray(object.objects)) pending.push(...object.objects);
  }
  let loaded = 0;
  const instances: any[] = [...canvas.getObjects()];
  while (instances.length > 0) {
    const instance = instances.pop();
    loaded++;
    if (typeof instance.getObjects === 'function') instances.push(...instance.getObjects());
  }
  if (loaded < expected)
    return { ok: false, reason: 'fabric', message: `${expected - loaded} of ${expected} objects could not be loaded (inside a group).` };
  // A group stated without a size (hand-written JSON) would draw nothing: fit it to its children, innermost first.
  const groups: any[] = [];
  const walk: any[] = [...canvas.getObjects()];
  while (walk.length > 0) {
    const object = walk.pop();
    if (typeof object.getObjects === 'function') {
      groups.push(object);
      walk.push(...object.getObjects());
    }
  }
  for (const group of groups.reverse()) {
    if ((group.width === 0 || group.height === 0) && group.getObjects().length > 0 && typeof group.triggerLayout === 'function')
      group.triggerLayout();
  }
  // Auto-fit text with the editor's own function (fitAutoFitText, put in the page by CANVAS_SHELL), so a
  // variable's longer text shrinks here as it would there.
  const fitText = (window as any).__pressroomFitText;
  if (typeof fitText !== 'function') return { ok: false, reason: 'fabric', message: 'the page has no text auto-fit' };
  const texts: any[] = [...canvas.getObjects()];
  while (texts.length > 0) {
    const object = texts.pop();
    if (typeof object.getObjects === 'function') texts.push(...object.getObjects());
    fitText(object);
  }
  canvas.renderAll();
  // PDF printing turns the drawn canvas into SVG afterwards (svgOfCanvasInPage).
  (window as any).__pressroomCanvas = canvas;
  // The next frame carries the drawing to the compositor before the screenshot.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return { ok: true };
}

/**
 * Replaces the page's content with the drawn canvas as SVG (fabric's
 * `toSVG`), so that Chromium prints vectors and real, selectable text in the
 * fonts already loaded into the document. `sheet` (CSS pixels): the SVG is
 * drawn that size instead, its viewBox scaled to fit and centred.
 */
export function svgOfCanvasInPage(sheet: { width: number; height: number } | null = null): boolean {
  const canvas = (window as any).__pressroomCanvas;
  if (!canvas || typeof canvas.toSVG !== 'function') return false;
  const svg = canvas.toSVG() as string;
  document.body.innerHTML = svg;
  // Inline SVG sits on a text line by default: the line's descent would spill onto a second page.
  const element = document.body.querySelector('svg');
  if (element) {
    element.style.display = 'block';
    if (sheet) {
      // fabric's SVG has a viewBox of the canvas size: the default preserveAspectRatio fits and centres it.
      element.setAttribute('width', String(sheet.width));
      element.setAttribute('height', String(sheet.height));
    }
  }
  return true;
}
