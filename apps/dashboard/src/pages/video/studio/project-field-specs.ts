import { SIZE_PRESET_LABELS } from '../starter-designs.js';
import { COLOUR, DECIMAL, FRAMES, NUMBER, select, specs, TEXT } from './field-specs.js';

/** The project's `size` presets; none means the width and height below. */
const SIZE_PRESETS = select([['', 'Custom: the width and height below'], ...SIZE_PRESET_LABELS]);

/** The project's fields, in order (also naming a refused project property when a clip is selected). */
export const PROJECT_FIELD_SPECS = specs([
  ['size', 'Size preset', SIZE_PRESETS, 'wide'],
  ['width', 'Width (px)', NUMBER],
  ['height', 'Height (px)', NUMBER],
  ['fps', 'Frames per second', NUMBER],
  ['durationInFrames', 'Video length (frames)', FRAMES],
  ['backgroundColor', 'Background colour', COLOUR],
  ['posterFrame', 'Poster frame', FRAMES],
  ['durationVariable', 'Length variable', TEXT],
  ['soundtrack.src', 'Soundtrack URL', TEXT],
  ['soundtrack.volume', 'Soundtrack volume', DECIMAL],
  ['soundtrack.variable', 'Soundtrack variable', TEXT],
]);
