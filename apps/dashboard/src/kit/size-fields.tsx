import { TextField } from './field';
import { fieldError } from './form';

export interface SizeFieldsProps {
  width: number;
  height: number;
  onWidth: (width: number) => void;
  onHeight: (height: number) => void;
  /** What the size is of, named in the labels: "Template" gives "Template width"; none gives "Width". */
  of?: string;
  /** The failed request whose `width`/`height` messages go under the fields (as `fieldError` reads them). */
  error?: unknown;
  /** Applied to each field (e.g. a fixed width in a wrapping row). */
  fieldClassName?: string;
}

/** The API's rule for a side (libs/contracts): said beside the field as it is typed, not left to the browser's tooltip. */
export function sizeProblem(side: number): string | undefined {
  return Number.isInteger(side) && side >= 1 && side <= 4000 ? undefined : 'Must be a whole number from 1 to 4000.';
}

/**
 * The width and height of an output in pixels (1–4000, as the API accepts). A side out of that range is refused beside
 * its field at once (the form must be `noValidate`, as kit/form's is); else the failed request's message shows there. Two sibling fields with no
 * wrapper, so the form around them decides the layout (a grid of two or three columns, a wrapping row).
 */
export function SizeFields({ width, height, onWidth, onHeight, of, error, fieldClassName = '' }: SizeFieldsProps) {
  return (
    <>
      <TextField
        label={of ? `${of} width` : 'Width'}
        type="number"
        min={1}
        max={4000}
        value={width}
        onChange={(e) => onWidth(Number(e.target.value))}
        error={sizeProblem(width) ?? fieldError(error, 'width')}
        className={fieldClassName}
      />
      <TextField
        label={of ? `${of} height` : 'Height'}
        type="number"
        min={1}
        max={4000}
        value={height}
        onChange={(e) => onHeight(Number(e.target.value))}
        error={sizeProblem(height) ?? fieldError(error, 'height')}
        className={fieldClassName}
      />
    </>
  );
}
