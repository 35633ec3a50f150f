import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keyKeys, revokeKey, rotateKey, type IssuedKey, type ListedKey } from '../../api/keys';
import { messageOf } from '../../api/problem';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { LiveMessage } from '../../kit/live-message';

/** Who created a listed key, as the list and the revoke dialog name them. */
export function creatorOf(key: ListedKey): string {
  if (key.mine) return 'You';
  if (!key.createdBy) return 'An admin-CLI account';
  return key.createdBy.name || key.createdBy.email;
}

/**
 * Rotate and Revoke for one key, as far as the server says the signed-in person may (`canRotate`, `canRevoke`: the
 * rule is libs/db workspace-keys.ts). Revoking a teammate's key warns that whatever uses it stops working.
 */
export function KeyActions({ apiKey, onIssued }: { apiKey: ListedKey; onIssued: (key: IssuedKey) => void }) {
  const client = useQueryClient();
  const label = apiKey.name || apiKey.masked;
  const refresh = () => client.invalidateQueries({ queryKey: keyKeys.all });
  const rotate = useMutation({ mutationFn: () => rotateKey(apiKey.id), onSuccess: async (issued) => (onIssued(issued), refresh()) });
  const revoke = useMutation({ mutationFn: () => revokeKey(apiKey.id), onSuccess: refresh });
  if (!apiKey.canRotate && !apiKey.canRevoke)
    return <span className="text-sm text-slate-700">Its creator or a team owner or admin can revoke it.</span>;
  const theirs = apiKey.mine ? '' : ` ${creatorOf(apiKey)} created it: whatever uses it stops working, so let them know.`;
  return (
    <div className="flex flex-wrap gap-2">
      {apiKey.canRotate && (
        <ConfirmDialog
          trigger={
            <Button variant="secondary" aria-label={`Rotate ${label}`}>
              Rotate
            </Button>
          }
          title={`Rotate “${label}”?`}
          description="A new key replaces this one. The current key stops working at once: update every client that uses it."
          action="Rotate key"
          onConfirm={() => rotate.mutate()}
        />
      )}
      {apiKey.canRevoke && (
        <ConfirmDialog
          trigger={
            <Button variant="danger" aria-label={`Revoke ${label}`}>
              Revoke
            </Button>
          }
          title={`Revoke “${label}”?`}
          description={`Requests with this key are refused from now on. This cannot be undone.${theirs}`}
          action="Revoke key"
          onConfirm={() => revoke.mutate()}
        />
      )}
      {(rotate.error ?? revoke.error) != null && (
        <LiveMessage tone="error" inline>
          {messageOf(rotate.error ?? revoke.error)}
        </LiveMessage>
      )}
    </div>
  );
}
