// The studio's field tables as data (no components), so the names of refused fields are read from the same labels
// (studio-field-names.ts) and can be tested without a browser.

/** The control a property is edited with. */
export type FieldKind =
  | { kind: 'text' }
  | { kind: 'textarea' }
  | { kind: 'number'; step?: number }
  /** A count of frames, also typed as seconds ("2.5s", "0:02") and saved as frames (frames-or-seconds.ts). */
  | { kind: 'frames' }
  | { kind: 'color' }
  | { kind: 'checkbox' }
  | { kind: 'select'; options: ReadonlyArray<readonly [string, string]> };

/** One property of a clip or the project: where it is (a dotted path), its label and its control. */
export interface FieldSpec {
  path: string;
  label: string;
  field: FieldKind;
  /** Takes the whole row of the panel (a select with long options). */
  wide?: boolean;
  /** A secondary line under the label, always shown (PropertyFields' own hints, by path, come first). */
  hint?: string;
}

export const NUMBER: FieldKind = { kind: 'number' };
export const FRAMES: FieldKind = { kind: 'frames' };
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
