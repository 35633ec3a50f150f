/**
 * Functions evaluated inside the page (through CDP, so they also run when the
 * page's own JavaScript is disabled). They must be self-contained.
 */

/** Resolves once web fonts are ready and every eagerly loading <img> is decoded (broken images count as done). */
export async function waitForFontsAndImages(): Promise<void> {
  await document.fonts.ready;
  const images = Array.from(document.images).filter((image) => image.loading !== 'lazy' || image.complete);
  await Promise.all(
    images.map(async (image) => {
      if (!image.complete) {
        await new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        });
      }
      if (image.naturalWidth > 0) await image.decode().catch(() => undefined);
    }),
  );
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type ElementBox = { element: Box; viewport: Box } | 'no-match' | 'invalid';

/** The element's border box and the visible viewport, both in document coordinates (what Page.captureScreenshot's clip expects). */
export function elementBox(selector: string): ElementBox {
  let element: Element | null;
  try {
    element = document.querySelector(selector);
  } catch {
    return 'invalid';
  }
  if (!element) return 'no-match';
  const rect = element.getBoundingClientRect();
  const viewport = window.visualViewport!;
  return {
    element: { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height },
    viewport: { x: viewport.pageLeft, y: viewport.pageTop, width: viewport.width, height: viewport.height },
  };
}

/** Whether an element matches (an invalid selector counts as not yet: it times out like a missing element). */
export function selectorPresent(selector: string): boolean {
  try {
    return document.querySelector(selector) !== null;
  } catch {
    return false;
  }
}

/** The scrollable height of the document in CSS pixels. */
export function documentHeight(): number {
  const root = document.documentElement;
  return Math.max(root.scrollHeight, root.offsetHeight, document.body?.scrollHeight ?? 0, document.body?.offsetHeight ?? 0);
}

/** Why a `waitForFunction` expression cannot even be compiled, or null (compiled only, never run here). */
export function expressionSyntaxError(expression: string): string | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function(`return (${expression});`);
    return null;
  } catch (error) {
    // A page whose CSP forbids eval cannot tell: let the wait itself decide.
    return error instanceof SyntaxError ? error.message : null;
  }
}
