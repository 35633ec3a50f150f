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
}: {
  specs: FieldSpec[];
  source: unknown;
  errors: Map<string, string>;
  onChange: (path: string, value: unknown) => void;
}) {
  return (
    <>
      {list.map((spec) => (
        <PropertyField
          key={spec.path}
          label={spec.label}
          field={spec.field}
          wide={spec.wide}
          value={getPath(source, spec.path)}
          error={messageFor(errors, spec.path)}
          onChange={(value) => onChange(spec.path, value)}
        />
      ))}
    </>
  );
}
