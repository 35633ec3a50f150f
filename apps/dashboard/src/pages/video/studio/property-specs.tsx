import { PropertyField, type FieldKind } from './property-field';
import { messageFor } from './studio-errors';
import { getPath } from './timeline-model';

/** One property of a clip or the project: where it is (a dotted path), its label and its control. */
export interface FieldSpec {
  path: string;
  label: string;
  field: FieldKind;
  /** Takes the whole row of the panel (a select with long options). */
  wide?: boolean;
}

export const NUMBER: FieldKind = { kind: 'number' };
export const DECIMAL: FieldKind = { kind: 'number', step: 0.05 };
export const TEXT: FieldKind = { kind: 'text' };
export const TEXTAREA: FieldKind = { kind: 'textarea' };
export const COLOUR: FieldKind = { kind: 'color' };
export const CHECKBOX: FieldKind = { kind: 'checkbox' };
export const select = (options: ReadonlyArray<readonly [string, string]>): FieldKind => ({ kind: 'select', options });

/** A field list written as rows of [path, label, control] (and `'wide'` for a whole row): the lists stay tables. */
export const specs = (
  rows: ReadonlyArray<readonly [string, string, FieldKind] | readonly [string, string, FieldKind, 'wide']>,
): FieldSpec[] => rows.map(([path, label, field, wide]) => ({ path, label, field, wide: wide === 'wide' }));

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
