/** The zoom range: below 10 % nothing is legible; above 400 % the canvas backing store grows past what a tab affords. */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 4;
/** The steps the zoom buttons walk through. */
export const ZOOM_STEPS = [0.1, 0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The next step up or down from the current zoom (which may lie between steps after a wheel zoom or a fit). */
export function stepZoom(zoom: number, direction: 'in' | 'out'): number {
  if (direction === 'in') return ZOOM_STEPS.find((step) => step > zoom + 1e-6) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-6) ?? MIN_ZOOM;
}

/** The room left around a fitted design, on each side (screen pixels). */
export const FIT_PADDING = 24;

/** The zoom at which the whole design fits the visible area with `padding` pixels around it. */
export function fitZoom(
  design: { width: number; height: number },
  viewport: { width: number; height: number },
  padding = FIT_PADDING,
): number {
  const width = Math.max(1, viewport.width - 2 * padding);
  const height = Math.max(1, viewport.height - 2 * padding);
  return clampZoom(Math.min(width / design.width, height / design.height));
}

/** Whether a design of this size shows whole at 100 % in a visible area of this size (else the editor opens fitted). */
export function fitsAtActualSize(design: { width: number; height: number }, viewport: { width: number; height: number }): boolean {
  return design.width <= viewport.width && design.height <= viewport.height;
}

/**
 * Ctrl+wheel (and a trackpad pinch, which browsers report as Ctrl+wheel): a smooth factor per pixel of wheel
 * delta, so that one notch (about 100 px) zooms by about 20 %, and trackpads' small deltas zoom gently.
 */
export function wheelZoom(zoom: number, deltaY: number): number {
  return clampZoom(zoom * Math.pow(0.998, deltaY));
}

/**
 * Where to scroll after a zoom so that the design point under `anchor` (a point in the scroll viewport, in
 * screen pixels) stays under it: the scroll offsets of the container holding a canvas of design size × zoom.
 */
export function scrollAfterZoom(
  before: { zoom: number; scrollLeft: number; scrollTop: number },
  after: number,
  anchor: { x: number; y: number },
): { scrollLeft: number; scrollTop: number } {
  const designX = (before.scrollLeft + anchor.x) / before.zoom;
  const designY = (before.scrollTop + anchor.y) / before.zoom;
  return { scrollLeft: Math.max(0, designX * after - anchor.x), scrollTop: Math.max(0, designY * after - anchor.y) };
}

/** The least room the canvas area keeps when little of the first screen is left under the chrome (a phone held sideways). */
export const MIN_FIRST_SCREEN_AREA = 240;

/**
 * The tallest the canvas area gets (inside its border): 70 % of the window (at least 320 px), so that a tall portrait
 * design fitted into it shows whole on screen, with the tools above it or the panels below it in reach; and no
 * taller than what the first screen has left under what stands above the area (`above`: the page's height above its
 * room, title, save bar and tools, with the area's borders; 8 px to spare), so a 1080×1920 story ends on the first
 * screen too, not under its edge, on a phone as on a laptop (1024×768, 1280×800: a square post there opens a little
 * smaller than 70 % would draw it, and whole). Never below MIN_FIRST_SCREEN_AREA, room to zoom and pan in.
 */
export function maxAreaHeight(windowHeight: number, above = 0): number {
  const share = Math.max(320, Math.round(windowHeight * 0.7));
  const firstScreen = Math.floor(windowHeight - above - 8);
  return Math.max(MIN_FIRST_SCREEN_AREA, Math.min(share, firstScreen));
}

/**
 * The canvas area's height (inside its border) for a design drawn `drawnHeight` screen pixels tall: the design
 * with the fit padding above and below, so the area follows the design's shape (a 1200×630 banner leaves no empty
 * band under it), up to `maxAreaHeight`, past which it scrolls; at least 120 px, room to zoom and pan in.
 */
export function areaHeight(drawnHeight: number, windowHeight: number, above = 0): number {
  return Math.min(maxAreaHeight(windowHeight, above), Math.max(120, Math.round(drawnHeight) + 2 * FIT_PADDING));
}
