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

/** GET /usage: this period's credits, the rate tier and renders per day. */
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
      }),
    )
    .describe('One entry per day of `days`, oldest first, today last; renders of each kind, failed ones included.'),
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
