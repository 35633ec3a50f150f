// Imports nothing: the dashboard's editor and the renderer (libs/browser) both read it through
// @pressroom/contracts/constants, so the editor hands fabric exactly the keys the render does.

/**
 * Canvas-level keys of a design handed to fabric's loadFromJSON. It `set`s every other key on the
 * canvas instance, where one named like a method would break the render; the size comes from the
 * request (or the template), not from the JSON.
 */
export const CANVAS_KEYS: readonly string[] = [
  'version',
  'objects',
  'background',
  'backgroundImage',
  'overlay',
  'overlayImage',
  'clipPath',
  'backgroundVpt',
  'overlayVpt',
];
