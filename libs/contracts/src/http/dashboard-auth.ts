import { z } from 'zod';
import { textTooLong } from '../too-long.js';
import { textField } from './common.js';
import { PLANS } from './plan-change.js';

// Bodies of the dashboard's account routes (docs/dashboard-api.md, docs/auth.md).

export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;

/** The longest email address, password and name an account body takes (the dashboard says them before sending). */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 200;
export const MAX_NAME_LENGTH = 200;

/** An email address as every account body takes it (also the password-reset request, password-reset.ts). */
export const EmailAddress = z
  .string({ error: '`email` is required.' })
  .trim()
  .max(MAX_EMAIL_LENGTH, textTooLong(MAX_EMAIL_LENGTH))
  .pipe(z.email({ error: 'Enter a valid email address.' }));
/** The shortest password a new account (or a changed password) may have; the sign-up form says it before submit. */
export const MIN_PASSWORD_LENGTH = 10;
/** The password rules of sign-up, a change and a reset: one rule, one place. */
export const NewPassword = z
  .string({ error: 'A password is required.' })
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, textTooLong(MAX_PASSWORD_LENGTH));

export const SignUpBody = z
  .object({
    email: EmailAddress,
    password: NewPassword,
    name: z.string().trim().min(1).max(MAX_NAME_LENGTH).optional(),
    inviteToken: z.string().min(1).max(200).optional(),
  })
  .strict();

export const SignInBody = z
  .object({
    email: EmailAddress,
    password: textField('password', { max: 200, trim: false }),
  })
  .strict();

export const ChangePasswordBody = z
  .object({
    currentPassword: z.string().min(1).max(200).optional(),
    newPassword: NewPassword,
  })
  .strict()
  .refine((b) => b.currentPassword === undefined || b.currentPassword !== b.newPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one.',
  });

/** The person's own details on Account; an empty name clears it (the header then shows the email). */
export const ProfileBody = z
  .object({ name: z.string({ error: '`name` must be text.' }).trim().max(MAX_NAME_LENGTH, textTooLong(MAX_NAME_LENGTH)) })
  .strict();

export const SwitchWorkspaceBody = z.object({ workspaceId: textField('workspaceId', { max: 200, trim: false }) }).strict();

/** Either setting or both; what is left out stays as it is. */
export const InstanceSettingsBody = z
  .object({
    signupMode: z.enum(SIGNUP_MODES, { error: `\`signupMode\` must be one of ${SIGNUP_MODES.join(', ')}.` }).optional(),
    newWorkspacePlan: z.enum(PLANS, { error: `\`newWorkspacePlan\` must be one of ${PLANS.join(', ')}.` }).optional(),
  })
  .strict()
  .refine((b) => b.signupMode !== undefined || b.newWorkspacePlan !== undefined, {
    message: 'Give `signupMode`, `newWorkspacePlan` or both.',
  });

export const CreateKeyBody = z.object({ name: textField('name', { max: 100 }) }).strict();

export const CreateTeamBody = z.object({ name: textField('name', { max: 100 }) }).strict();

export const MemberRoleBody = z
  .object({ role: z.enum(WORKSPACE_ROLES, { error: `\`role\` must be one of ${WORKSPACE_ROLES.join(', ')}.` }) })
  .strict();

export const CreateInviteBody = z
  .object({
    email: EmailAddress.optional(),
    role: z.enum(['admin', 'member'], { error: '`role` must be admin or member.' }).default('member'),
  })
  .strict();

export const UsageQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

export const OverageBody = z.object({ enabled: z.boolean({ error: '`enabled` must be true or false.' }) }).strict();
