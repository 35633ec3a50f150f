import { SIZE_PRESET_LABELS } from '../starter-designs';
import { COLOUR, DECIMAL, NUMBER, PropertyFields, select, specs, TEXT } from './property-specs';
import { errorsUnder } from './studio-errors';
import type { Project } from './timeline-model';

/** The project's `size` presets; none means the width and height below. */
const SIZE_PRESETS = select([['', 'Custom: the width and height below'], ...SIZE_PRESET_LABELS]);

const SPECS = specs([
  ['size', 'Size preset', SIZE_PRESETS, 'wide'],
  ['width', 'Width (px)', NUMBER],
  ['height', 'Height (px)', NUMBER],
  ['fps', 'Frames per second', NUMBER],
  ['durationInFrames', 'Length in frames (empty: to the last clip)', NUMBER],
  ['backgroundColor', 'Background colour', COLOUR],
  ['posterFrame', 'Poster frame', NUMBER],
  ['durationVariable', 'Length variable', TEXT],
  ['soundtrack.src', 'Soundtrack URL', TEXT],
  ['soundtrack.volume', 'Soundtrack volume', DECIMAL],
  ['soundtrack.variable', 'Soundtrack variable', TEXT],
]);

/** The whole project's settings (shown when no clip is selected), with the server's messages beside them. */
export function ProjectProperties({
  project,
  error,
  onChange,
}: {
  project: Project;
  error: unknown;
  onChange: (path: string, value: unknown) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <PropertyFields specs={SPECS} source={project} errors={errorsUnder(error, 'projectJson.')} onChange={onChange} />
    </div>
  );
}
