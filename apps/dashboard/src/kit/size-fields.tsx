import { IMAGE_MAX_SIZE, IMAGE_MIN_SIZE } from '@pressroom/contracts/constants';
import { TextField } from './field';
import { fieldError } from './form';
import type { SideRule } from './side-rule';

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
  /** The API's rule for a side; an image's unless the output has its own (a video's sides are even). */
  rule?: SideRule;
}

/** The API's rule for an image's side (libs/contracts): said beside the field as it is typed, not left to the browser's tooltip. */
export function sizeProblem(side: number): string | undefined {
  return Number.isInteger(side) && side >= IMAGE_MIN_SIZE && side <= IMAGE_MAX_SIZE
    ? undefined
    : `Must be a whole number from ${IMAGE_MIN_SIZE} to ${IMAGE_MAX_SIZE}.`;
}

/** An image's side (templates, layouts), in pixels. */
export const IMAGE_SIDE: SideRule = { min: IMAGE_MIN_SIZE, max: IMAGE_MAX_SIZE, problem: sizeProblem };

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
      value={value}
      onChange={(e) => onValue(Number(e.target.value))}
      // The API's refusal first: the form's banner repeats any message no field shows, so the rule's own words here
      // would put the one problem on the page twice. The rule speaks while the side is typed, before any request.
      error={fieldError(error, name) ?? rule.problem(value, name)}
      className={fieldClassName}
    />
  );
  return (
    <>
      {side('width', width, onWidth)}
      {side('height', height, onHeight)}
    </>
  );
}
