import { useQuery } from '@tanstack/react-query';
import { getInvite } from '../../api/teams';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';

/** The invitation token a sign-in or sign-up page is on the way to (`returnTo=/invite/<token>` or `invite=<token>`). */
export function invitationTokenOf(returnTo: string, invite?: string | null): string | null {
  return invite || (/^\/invite\/([^/?#]+)/.exec(returnTo)?.[1] ?? null);
}

/**
 * Above the sign-in and sign-up forms when they were reached from an invitation link: which team invites and as
 * what, or, before anyone fills a form, that the link no longer works (the preview is public, GET /invites/{token}).
 */
export function InvitationNotice({ token }: { token: string }) {
  const invite = useQuery({ queryKey: ['invites', token], queryFn: () => getInvite(token), retry: false });
  if (invite.isError) return <Alert>{messageOf(invite.error)}</Alert>;
  if (!invite.data) return null;
  return (
    <Alert tone="info">
      You are invited to join <strong>{invite.data.team.name}</strong> as <strong>{invite.data.role}</strong>. Sign in, or create an
      account, to accept.
    </Alert>
  );
}
