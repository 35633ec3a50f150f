import { Fragment } from 'react';
import { Button } from '../../../kit/button';
import { clipGroups } from './clip-field-specs';
import type { FieldSpec } from './field-specs';
import { secondsHints } from './frame-hints';
import { PropertyFields } from './property-specs';
import { clipPrefix, errorsUnder } from './studio-errors';
import { getPath, type Clip, type ClipRef } from './timeline-model';

/**
 * The selected clip's properties, per type, each with the server's message beside it after a failed save.
 * `onChange(path, value)` sets one property (undefined removes it).
 */
export function ClipProperties({
  clip,
  at,
  error,
  onChange,
  onRemove,
  fps,
}: {
  clip: Clip;
  /** The project's frame rate: settings counted in frames also say their seconds. */
  fps: number | undefined;
  at: ClipRef;
  error: unknown;
  onChange: (path: string, value: unknown) => void;
  onRemove: () => void;
}) {
  const errors = errorsUnder(error, clipPrefix(at.track, at.clip));
  // An animation is an object: choosing a type creates it with a length, "None" removes it.
  const change = (path: string, value: unknown) => {
    const [head, leaf] = path.split('.');
    if ((head === 'enter' || head === 'exit' || head === 'transition') && leaf === 'type') {
      const current = getPath(clip, head) as Record<string, unknown> | undefined;
      onChange(head, value === undefined ? undefined : { durationInFrames: 15, ...current, type: value });
      return;
    }
    onChange(path, value);
  };
  const group = (title: string, list: FieldSpec[]) => (
    <fieldset className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-2">
      <legend className="px-1 text-xs font-semibold text-slate-700">{title}</legend>
      <PropertyFields specs={list} source={clip} errors={errors} onChange={change} hints={secondsHints(list, clip, fps)} fps={fps} />
    </fieldset>
  );
  return (
    <div className="flex flex-col gap-3">
      {clipGroups(clip.type).map(([title, list]) => (
        <Fragment key={title}>{group(title, list)}</Fragment>
      ))}
      {errors.has('') && <p className="text-xs text-red-700">{errors.get('')}</p>}
      <Button variant="danger" className="self-start" onClick={onRemove}>
        Delete clip
      </Button>
    </div>
  );
}
