import { useEffect, useState } from 'react';
import { useCurrentSession } from '../../app/session';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { membershipLost, readSeenMembership, seenMembershipOf, writeSeenMembership, type LostMembership } from './membership-memory';

function lostText(lost: LostMembership): string {
  const teams = lost.names.join(', ');
  const moved = lost.movedOut ? ' You now work in your personal workspace.' : '';
  return `You are no longer a member of ${teams}: an owner or admin removed you (or you left in another browser), and the API keys you created there are revoked.${moved}`;
}

/**
 * Above every signed-in page: says so when the user has been removed from a team since this browser last saw
 * them in it (the server moves their session out of the team without a word). Stays until dismissed.
 */
export function MembershipNotice() {
  const session = useCurrentSession();
  const [lost, setLost] = useState<LostMembership | null>(null);
  useEffect(() => {
    const now = seenMembershipOf(session);
    const gone = membershipLost(readSeenMembership(session.user.id), now);
    if (gone) setLost(gone);
    writeSeenMembership(session.user.id, now);
  }, [session]);
  if (!lost) return null;
  return (
    <div className="mx-auto mb-4 flex w-full max-w-5xl flex-col">
      <Alert tone="info" live>
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>{lostText(lost)}</span>
          <Button variant="secondary" onClick={() => setLost(null)}>
            Dismiss
          </Button>
        </span>
      </Alert>
    </div>
  );
}
