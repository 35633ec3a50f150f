import { PropertyField, type FieldKind } from './property-field';
import { errorsUnder, messageFor } from './studio-errors';
import { getPath, type Project } from './timeline-model';

const num: FieldKind = { kind: 'number' };
const SPECS: Array<{ path: string; label: string; field: FieldKind }> = [
  {
    path: 'size',
    label: 'Size preset',
    field: {
      kind: 'select',
      options: [
        ['', 'None (width and height)'],
        ['16:9', '16:9'],
        ['9:16', '9:16'],
        ['1:1', '1:1'],
        ['4:5', '4:5'],
      ],
    },
  },
  { path: 'width', label: 'Width (px)', field: num },
  { path: 'height', label: 'Height (px)', field: num },
  { path: 'fps', label: 'Frames per second', field: num },
  { path: 'durationInFrames', label: 'Length in frames (empty: to the last clip)', field: num },
  { path: 'backgroundColor', label: 'Background colour', field: { kind: 'color' } },
  { path: 'posterFrame', label: 'Poster frame', field: num },
  { path: 'durationVariable', label: 'Length variable', field: { kind: 'text' } },
  { path: 'soundtrack.src', label: 'Soundtrack URL', field: { kind: 'text' } },
  { path: 'soundtrack.volume', label: 'Soundtrack volume', field: { kind: 'number', step: 0.05 } },
  { path: 'soundtrack.variable', label: 'Soundtrack variable', field: { kind: 'text' } },
];

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
  const errors = errorsUnder(error, 'projectJson.');
  return (
    <div className="grid grid-cols-2 gap-2">
      {SPECS.map((spec) => (
        <PropertyField
          key={spec.path}
          label={spec.label}
          field={spec.field}
          value={getPath(project, spec.path)}
          error={messageFor(errors, spec.path)}
          onChange={(value) => onChange(spec.path, value)}
        />
      ))}
    </div>
  );
}
