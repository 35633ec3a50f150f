import type { FieldSpec } from './field-specs.js';
import { getPath } from './timeline-model.js';

/** A number of frames in seconds at `fps`: "1.5 s". */
export const inSeconds = (frames: number, fps: number) => `${Math.round((frames / fps) * 100) / 100} s`;

/**
 * A hint under each field counted in frames (a FRAMES field) that has a value, saying it in seconds at the project's
 * frame rate ("= 0.5 s at 30 frames a second"), keyed by path for PropertyFields.
 */
export function secondsHints(specs: FieldSpec[], source: unknown, fps: number | undefined): Record<string, string> {
  if (!fps || fps <= 0) return {};
  const hints: Record<string, string> = {};
  for (const spec of specs) {
    const value = getPath(source, spec.path);
    if (spec.field.kind === 'frames' && typeof value === 'number')
      hints[spec.path] = `= ${inSeconds(value, fps)} at ${fps} frames a second`;
  }
  return hints;
}
