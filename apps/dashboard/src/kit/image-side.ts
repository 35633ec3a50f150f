import { IMAGE_MAX_SIZE, IMAGE_MIN_SIZE } from '@pressroom/contracts/constants';
import type { SideRule } from './side-rule.js';

/**
 * The API's rule for an image's side (libs/contracts, a dimension in px), said beside the field as it is typed, with
 * its unit as the API says it ("Must be at most 4000 px."), not left to the browser's tooltip.
 */
export function sizeProblem(side: number): string | undefined {
  if (side < IMAGE_MIN_SIZE) return `Must be at least ${IMAGE_MIN_SIZE} px.`;
  if (side > IMAGE_MAX_SIZE) return `Must be at most ${IMAGE_MAX_SIZE} px.`;
  return Number.isInteger(side) ? undefined : 'Must be a whole number of pixels.';
}

/** An image's side (templates, layouts), in pixels. */
export const IMAGE_SIDE: SideRule = { min: IMAGE_MIN_SIZE, max: IMAGE_MAX_SIZE, problem: sizeProblem };
