import { z } from 'zod';
import { designLimitViolations } from './design-limits.js';

/** A FabricJS design in a request body: any JSON object within DESIGN_LIMITS (checked in depth by the renderer's planner). */
export const FabricDesign = z.record(z.string(), z.unknown()).superRefine((design, ctx) => {
  for (const v of designLimitViolations(design)) {
    ctx.addIssue({ code: 'custom', path: v.path === '' ? [] : v.path.split('.'), message: v.message });
  }
});
