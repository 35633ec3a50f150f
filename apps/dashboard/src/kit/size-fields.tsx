import { TextField } from './field';
import { fieldError } from './form';
import { IMAGE_SIDE } from './image-side';
import type { SideRule } from './side-rule';

export interface SizeFieldsProps {
  width: number;
  height: number;
  /** NaN while the field holds no number (emptied, or "1e"), which the field refuses beside it. */
  onWidth: (width: number) => void;
  onHeight: (height: number) => void;
  /** What the size is of, named in the labels: "Template" gives "Template width"; none gives "Width". */
  of?: string;
  /** The failed request whose `width`/`height` messages go under the fields (as `fieldError` reads them). */
  error?: unknown;
  /** Applied to each field (e.g. a fixed width in a wrapping row). */
  fieldClassName?: string;
  /** The API's rule for a side; an image's unless the output has its own (a video's sides are even). */
  rule?: SideRule;
}

/**
 * The width and height of an output in pixels (by default within the API's limits for an image). A side that breaks
 * `rule` is refused beside its field at once (the form must be `noValidate`, as kit/form's is); else the failed
 * request's message shows there. Two sibling fields with no wrapper, so the form around them decides the layout (a
 * grid of two or three columns, a wrapping row).
 */
export function SizeFields({ width, height, onWidth, onHeight, of, error, fieldClassName = '', rule = IMAGE_SIDE }: SizeFieldsProps) {
  const side = (name: 'width' | 'height', value: number, onValue: (value: number) => void) => (
    <TextField
      label={of ? `${of} ${name}` : `${name[0]!.toUpperCase()}${name.slice(1)}`}
      type="number"
      min={rule.min}
      max={rule.max}
      step={rule.step}
      // An emptied field, or text the browser cannot read as a number ("-" before its digits, "1e"), is NaN, refused
      // beside the field. Shown as nothing, so React leaves the typed text alone; Number("") read it as 0,
      // which React wrote back, and the next keys landed after it ("-4" became 04, a width of 4).
      value={Number.isNaN(value) ? '' : value}
      // A side is never optional: emptied, it is refused as a number field holding no number is (kit/not-a-number.ts).
      required
      onChange={(e) => onValue(e.target.valueAsNumber)}
      // The API's refusal first: the form's banner repeats any message no field shows, so the rule's own words here
      // would put the one problem on the page twice. The rule speaks while the side is typed, before any request.
      error={fieldError(error, name) ?? rule.problem(value, name)}
      className={fieldClassName}
      // Which side the control is, for a form that finds it (the canvas save bar, for focus).
      data-side={name}
    />
  );
  return (
    <>
      {side('width', width, onWidth)}
      {side('height', height, onHeight)}
    </>
  );
}
