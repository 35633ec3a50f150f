import type { FieldSpec } from './field-specs';
import { PropertyField } from './property-field';
import { messageFor } from './studio-errors';
import { getPath } from './timeline-model';

/**
 * The fields of `specs`, each showing its path in `source` with the server's message for it (`errors`, keyed by
 * path); `onChange(path, value)` sets one property (undefined removes it).
 */
export function PropertyFields({
  specs: list,
  source,
  errors,
  onChange,
  hints,
  fps,
}: {
  specs: FieldSpec[];
  source: unknown;
  errors: Map<string, string>;
  onChange: (path: string, value: unknown) => void;
  /** A secondary line under a field's label (what an empty value means, the value in seconds), by path. */
  hints?: Readonly<Record<string, string>>;
  /** The project's frame rate: seconds typed into a count of frames become frames at it. */
  fps: number | undefined;
}) {
  return (
    <>
      {list.map((spec) => (
        <PropertyField
          key={spec.path}
          label={spec.label}
          field={spec.field}
          wide={spec.wide}
          hint={hints?.[spec.path] ?? spec.hint}
          value={getPath(source, spec.path)}
          error={messageFor(errors, spec.path)}
          onChange={(value) => onChange(spec.path, value)}
          fps={fps}
        />
      ))}
    </>
  );
}
