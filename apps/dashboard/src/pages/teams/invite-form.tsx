import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { authKeys, getAuthConfig } from '../../api/auth';
import { refusedHere } from '../../api/problem';
import { invite, teamKeys, type Invite, type Member, type Role, type Team } from '../../api/teams';
import { useCurrentSession } from '../../app/session';
import { Button } from '../../kit/button';
import { PublicAddressNote } from '../../kit/public-address-note';
import { CopyButton } from '../../kit/copy-button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { LiveMessage } from '../../kit/live-message';
import { SelectField } from '../../kit/select-field';
import { emailProblem, unsent } from '../auth/account-input';
import { emailHint, issuedInvitationNews, issuedInvitationText } from './invitation-words';
import { NON_OWNER_ROLES } from './roles';

/**
 * The links made on this page, newest first: a link is shown only when it is made (the server keeps its hash), so
 * an earlier one stays here until the page is left. Inviting an email again kills that email's earlier link on the
 * server (docs/auth.md), so its entry goes; other links stay valid and stay listed.
 */
function IssuedLinks({ issued }: { issued: Invite[] }) {
  if (issued.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">Links made here</h3>
      <p className="text-sm text-slate-700">Shown until you leave this page: copy each one now to hand it over.</p>
      <ul className="flex flex-col gap-2">
        {issued.map((made) => {
          const text = issuedInvitationText(made);
          return (
            <li key={made.id}>
              {/* Named by its line, so a screen reader says whose link a Copy button copies. */}
              <div
                role="group"
                aria-label={text.replace(/:$/, '')}
                className="flex flex-col gap-1 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
              >
                <p>{text}</p>
                <p className="break-all">
                  <a className="text-indigo-800 underline" href={made.url}>
                    {made.url}
                  </a>
                </p>
                <CopyButton text={made.url} label="Copy link" />
                <PublicAddressNote url={made.url} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Invites by email or by link. After an invitation is made the form starts empty again: a second click must not
 * invite the same person again, which would kill the link just shown. A link anyone may use, with the admin role,
 * says what that lets its holder do before it is made.
 */
export function InviteForm({ team }: { team: Team }) {
  const [email, setEmail] = useState('');
  const [role, setRoleValue] = useState<Role>('member');
  const [issued, setIssued] = useState<Invite[]>([]);
  const [news, setNews] = useState('');
  const warningId = useId();
  const client = useQueryClient();
  // Whether this instance mails invitations (SMTP configured): the hint says so before anyone is invited, and the
  // line after an invitation with an email says to send its link by hand when no mail went out.
  const config = useQuery({ queryKey: authKeys.config, queryFn: getAuthConfig, retry: false });
  const mails = config.data ? config.data.passwordReset === 'email' : undefined;
  const session = useCurrentSession();
  const send = useMutation({
    mutationFn: (body: { email?: string; role: Role }) => {
      // An email given is checked as every account page checks one (account-input.ts), beside the field before
      // anything is sent; none (the field left blank) makes a link invitation instead.
      const refused = body.email === undefined ? null : unsent({ email: emailProblem(body.email) });
      if (refused) return Promise.reject(refused);
      // The API would make (and mail) an invitation to someone already in the team, yourself included: an email
      // the members list holds is refused beside the field instead.
      const members = client.getQueryData<{ items: Member[] }>(teamKeys.members(team.id))?.items ?? [];
      const wanted = body.email?.trim().toLowerCase();
      const member = wanted ? members.find((m) => m.email.toLowerCase() === wanted) : undefined;
      if (member) {
        const who = member.userId === session.user.id ? `you, as ${member.role}` : `as ${member.role}`;
        return Promise.reject(refusedHere([{ field: 'email', message: `${member.email} is already a member of ${team.name} (${who}).` }]));
      }
      return invite(team.id, body);
    },
    onSuccess: async (made) => {
      setEmail('');
      setRoleValue('member');
      setIssued((earlier) => [made, ...earlier.filter((link) => made.email === null || link.email !== made.email)]);
      setNews(issuedInvitationNews(made, { mails }));
      await client.invalidateQueries({ queryKey: teamKeys.invites(team.id) });
    },
  });
  const openAdminLink = role === 'admin' && email.trim() === '';
  return (
    <div className="flex flex-col gap-3">
      <Form
        label="Invite to the team"
        className="max-w-md"
        onSubmit={() => send.mutate({ role, ...(email.trim() ? { email } : {}) })}
        error={send.error}
        fields={['email', 'role']}
      >
        <TextField
          label="Email (optional)"
          type="email"
          hint={emailHint(mails)}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(send.error, 'email')}
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => setRoleValue(e.target.value as Role)}
          options={NON_OWNER_ROLES}
          error={fieldError(send.error, 'role')}
          // Only with the warning: SelectField describes the select by its error otherwise.
          {...(openAdminLink ? { 'aria-describedby': warningId } : {})}
        />
        {openAdminLink && (
          <p id={warningId} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Anyone who gets this link joins as an admin: admins invite people, change the roles of members and admins, and remove them.
            Enter an email to make the link work for one person only.
          </p>
        )}
        <div>
          <Button type="submit" busy={send.isPending}>
            Create invitation
          </Button>
        </div>
      </Form>
      <LiveMessage tone="success">{news}</LiveMessage>
      <IssuedLinks issued={issued} />
    </div>
  );
}
