import { TimelineProject } from '@pressroom/contracts/video-timeline';
import { besideItsField } from '../../api/problem.js';
import { asSentences } from '../../kit/form-banner.js';
import type { SideRule } from '../../kit/side-rule.js';

// The project schema's own width and height (libs/contracts): the same limits and words as the API's answer, so the
// dialog's check and the server's cannot drift apart.
const SIDES = { width: TimelineProject.shape.width.unwrap(), height: TimelineProject.shape.height.unwrap() };
const { minValue: min, maxValue: max } = SIDES.width;

/**
 * A timeline's side as the API accepts it: a whole number of pixels in the schema's range, and even (H.264 needs even
 * sizes, hence the step of 2). Every reason is said at once (too large and odd are two things to fix).
 */
export const TIMELINE_SIDE: SideRule = {
  min: min ?? undefined,
  max: max ?? undefined,
  step: 2,
  problem: (side, name) => {
    // An emptied field reads NaN: "Must be a finite number" is no help to someone typing.
    if (!Number.isFinite(side)) return `Must be a whole number of pixels from ${min} to ${max}.`;
    const issues = SIDES[name].safeParse(side).error?.issues ?? [];
    // Worded as the server's refusal shows beside the field ("width must be even" says "Must be even" there).
    return issues.length === 0 ? undefined : asSentences(issues.map((issue) => besideItsField(name, issue.message)));
  },
};
