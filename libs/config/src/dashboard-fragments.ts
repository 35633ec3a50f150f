import { z } from 'zod';
import { parseDuration } from './webhook-fragments.js';

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      try {
        return parseDuration(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });

/** Dashboard sign-in, sessions, single sign-on and invitation mail (docs/auth.md). */
export const dashboardEnv = {
  /** Who may create an account once the instance has its owner (the owner can change it in the dashboard). */
  PRESSROOM_SIGNUP_MODE: z.enum(['open', 'invite', 'closed']).default('invite'),
  /** How long a dashboard session lives. */
  PRESSROOM_SESSION_TTL: duration('7d'),
  /** Wrong passwords in a row before the user is locked out, and for how long. */
  PRESSROOM_SIGNIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  PRESSROOM_SIGNIN_LOCKOUT: duration('15m'),
  /** Sign-in and sign-up attempts per minute from one client address. */
  PRESSROOM_SIGNIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** How long an invitation link stays valid. */
  PRESSROOM_INVITE_TTL: duration('7d'),
  /** OpenID Connect single sign-on; on when the issuer and the client id are set. */
  PRESSROOM_OIDC_ISSUER: z.string().url().optional(),
  PRESSROOM_OIDC_CLIENT_ID: z.string().min(1).optional(),
  PRESSROOM_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  PRESSROOM_OIDC_NAME: z.string().min(1).default('Single sign-on'),
  /** Invitation mail, e.g. smtp://user:pass@mail.example.com:587; unset: invites are links only. */
  PRESSROOM_SMTP_URL: z.string().url().optional(),
  PRESSROOM_SMTP_FROM: z.string().min(3).default('Pressroom <no-reply@localhost>'),
};

const dashboardEnvSchema = z.object(dashboardEnv);
type DashboardEnv = z.infer<typeof dashboardEnvSchema>;

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  name: string;
}

export interface DashboardSettings {
  signupMode: 'open' | 'invite' | 'closed';
  sessionTtlMs: number;
  lockout: { maxFailures: number; lockMs: number };
  signInPerMinute: number;
  inviteTtlMs: number;
  oidc: OidcSettings | null;
  smtp: { url: string; from: string } | null;
}

export function dashboardSettings(env: DashboardEnv): DashboardSettings {
  return {
    signupMode: env.PRESSROOM_SIGNUP_MODE,
    sessionTtlMs: env.PRESSROOM_SESSION_TTL,
    lockout: { maxFailures: env.PRESSROOM_SIGNIN_MAX_FAILURES, lockMs: env.PRESSROOM_SIGNIN_LOCKOUT },
    signInPerMinute: env.PRESSROOM_SIGNIN_PER_MINUTE,
    inviteTtlMs: env.PRESSROOM_INVITE_TTL,
    oidc:
      env.PRESSROOM_OIDC_ISSUER && env.PRESSROOM_OIDC_CLIENT_ID
        ? {
            issuer: env.PRESSROOM_OIDC_ISSUER,
            clientId: env.PRESSROOM_OIDC_CLIENT_ID,
            clientSecret: env.PRESSROOM_OIDC_CLIENT_SECRET,
            name: env.PRESSROOM_OIDC_NAME,
          }
        : null,
    smtp: env.PRESSROOM_SMTP_URL ? { url: env.PRESSROOM_SMTP_URL, from: env.PRESSROOM_SMTP_FROM } : null,
  };
}

/** The settings with every default (tests and embedded stacks override what they need). */
export function defaultDashboardSettings(overrides: Partial<DashboardSettings> = {}): DashboardSettings {
  return { ...dashboardSettings(dashboardEnvSchema.parse({})), ...overrides };
}
