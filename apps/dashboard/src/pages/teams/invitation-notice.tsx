import { useQuery } from '@tanstack/react-query';
import { getInvite } from '../../api/teams';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';

/** The invitation token a sign-in or sign-up page is on the way to (`returnTo=/invite/<token>` or `invite=<token>`). */
export function invitationTokenOf(returnTo: string, invite?: string | null): string | null {
  return invite || (/^\/invite\/([^/?#]+)/.exec(returnTo)?.[1] ?? null);
}

/** The public preview of an invitation (GET /invites/{token}): its team, role and, when it names one, the email. */
export function useInvitation(token: string | null) {
  return useQuery({ queryKey: ['invites', token], queryFn: () => getInvite(token ?? ''), enabled: token !== null, retry: false });
}

/**
 * Above the sign-in and sign-up forms when they were reached from an invitation link: which team invites, as
 * what and, for an invitation that names an email, which address it is for (the sign-up form starts with it);
 * or, before anyone fills a form, that the link no longer works.
 */
export function InvitationNotice({ token }: { token: string }) {
  const invite = useInvitation(token);
  if (invite.isError) return <Alert>{messageOf(invite.error)}</Alert>;
  if (!invite.data) return null;
  return (
    <Alert tone="info">
      You are invited to join <strong>{invite.data.team.name}</strong> as <strong>{invite.data.role}</strong>. Sign in, or create an
      account, to accept.
      {invite.data.email && (
        <>
          {' '}
          The invitation is for <strong>{invite.data.email}</strong>: use that email address.
        </>
      )}
    </Alert>
  );
}
