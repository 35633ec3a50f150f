import { z } from 'zod';

// The instance owner's change of a workspace's plan: the dashboard's PUT /instance/workspaces/{id}/plan and
// the admin CLI's `accounts plan` / `teams plan` parse the same body, so the rules below hold for both.

export const PLANS = ['free', 'pro', 'business', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Limits only an enterprise plan may set for itself (docs/limits.md). */
export const CUSTOM_LIMIT_FIELDS = ['perMinute', 'perDay', 'renderCredits', 'aiCredits'] as const;

const positive = (field: string, integer: boolean) => {
  const number = z.number({ error: `\`${field}\` must be a number.` });
  return (integer ? number.int(`\`${field}\` must be a whole number.`) : number)
    .positive(`\`${field}\` must be greater than 0.`)
    .max(1_000_000_000, `\`${field}\` must be at most 1,000,000,000.`);
};

export const PlanChangeBody = z
  .object({
    plan: z.enum(PLANS, { error: `\`plan\` must be one of ${PLANS.join(', ')}.` }),
    /** Paid plans only; left out: kept as it is (turned off when moving to free). */
    overage: z.boolean({ error: '`overage` must be true or false.' }).optional(),
    perMinute: positive('perMinute', true).optional(),
    perDay: positive('perDay', true).optional(),
    renderCredits: positive('renderCredits', false).optional(),
    aiCredits: positive('aiCredits', false).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.plan !== 'enterprise') {
      for (const field of CUSTOM_LIMIT_FIELDS) {
        if (body[field] !== undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: 'Custom limits are for the enterprise plan only.' });
      }
    }
    if (body.plan === 'free' && body.overage === true) {
      ctx.addIssue({ code: 'custom', path: ['overage'], message: 'Overage is available on paid plans only (pro, business, enterprise).' });
    }
  });
export type PlanChange = z.infer<typeof PlanChangeBody>;
