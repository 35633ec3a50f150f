import { z } from 'zod';
import { PLANS } from './plan-change.js';

/*
 * What the plan and usage endpoints answer (services/gateway/src/routes/plan-routes.ts,
 * usage-routes.ts, caller-routes.ts build them with these types). Credits are numbers,
 * not integers: a live GIF capture costs 1.5.
 */

const timestamp = z.string().describe('ISO 8601 date-time (UTC).');
const plan = z.enum(PLANS);
const credits = z.object({ used: z.number(), limit: z.number().describe('Per calendar month (UTC).') });

/** GET /user/plan-details and GET /plan-details. */
export const PlanDetails = z.object({
  plan,
  ownerId: z.string().describe('Who owns the usage: the team when the key belongs to a team member, else the account.'),
  team: z.boolean(),
  requestLimits: z.object({ perMinute: z.number().int(), perDay: z.number().int() }),
  renders: z.object({
    used: z.number(),
    limit: z.number(),
    overageEnabled: z.boolean().describe('Renders go on past `limit` (paid plans).'),
    periodStart: timestamp,
    periodEnd: timestamp,
  }),
  aiCredits: credits,
});
export type PlanDetails = z.infer<typeof PlanDetails>;

const bindingRefreshes = z.number().int();
const aiScreenshots = z.number().int();

/** GET /usage: this period's credits, the rate tier, renders per day and the period's renders, charged and free. */
export const UsageView = z.object({
  period: z.object({ start: timestamp, end: timestamp }),
  credits: credits.extend({
    overage: z.boolean().describe('Renders go on past `limit`.'),
    overageAllowed: z.boolean().describe('The plan may turn overage on (every plan but free).'),
  }),
  aiCredits: credits,
  rate: z.object({ perMinute: z.number().int(), perDay: z.number().int(), tier: plan }),
  perDay: z
    .array(
      z.object({
        date: z.string().describe('YYYY-MM-DD (UTC).'),
        image: z.number().int(),
        gif: z.number().int(),
        pdf: z.number().int(),
        video: z.number().int(),
        failed: z
          .number()
          .int()
          .describe('How many of the day’s renders (all kinds, counted in their kind above) failed; failed renders are not charged.'),
        bindingRefreshes: bindingRefreshes.describe(
          'How many of the day’s renders (counted in their kind above) were binding refreshes that did not fail: not charged. A failed binding refresh is counted in `failed` only.',
        ),
        aiScreenshots: aiScreenshots.describe(
          'How many of the day’s renders (counted in their kind above) were AI screenshots that did not fail: their AI credits pay for the render, so they take no render credits.',
        ),
      }),
    )
    .describe(
      'One entry per day of `days`, oldest first, today last; renders of each kind, failed and free ones included. The day’s renders charged render credits are its kinds’ sum less `failed`, `bindingRefreshes` and `aiScreenshots` (no render is in two of those).',
    ),
  renders: z
    .object({
      total: z.number().int().describe('Renders of every kind in `period` (the dashboard’s previews are not renders).'),
      charged: z
        .number()
        .int()
        .describe('Of `total`, the renders that took render credits: `total` − `failed` − `bindingRefreshes` − `aiScreenshots`.'),
      failed: z.number().int().describe('Of `total`, the failed renders (any origin): not charged.'),
      bindingRefreshes: bindingRefreshes.describe('Of `total`, binding refreshes that did not fail: not charged.'),
      aiScreenshots: aiScreenshots.describe('Of `total`, AI screenshots that did not fail: paid in AI credits, not render credits.'),
    })
    .describe(
      'The renders of the credit `period` (calendar month, UTC) and why some took no render credits; every render is in exactly one of `charged`, `failed`, `bindingRefreshes`, `aiScreenshots`. `credits.used` is the charged renders’ cost (1 each, 1.5 a live GIF capture).',
    ),
});
export type UsageView = z.infer<typeof UsageView>;

/** GET /api/users: whose key this is. */
export const CallerView = z.object({
  user: z.object({
    id: z.string().describe('The account.'),
    name: z.string(),
    plan: z.string(),
    teamId: z.string().nullable(),
    ownerId: z.string(),
    createdAt: timestamp,
  }),
});
export type CallerView = z.infer<typeof CallerView>;
