import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keyKeys, revokeKey, rotateKey, type ApiKey, type IssuedKey, type ListedKey } from '../../api/keys';
import { messageOf } from '../../api/problem';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { formatDate } from '../../kit/format';
import { LiveMessage } from '../../kit/live-message';

/** Who created a listed key, as the list and the revoke dialog name them. */
export function creatorOf(key: ListedKey): string {
  if (key.mine) return 'You';
  if (!key.createdBy) return 'An admin-CLI account';
  return key.createdBy.name || key.createdBy.email;
}

/**
 * A key as its Rotate and Revoke buttons name it. Two keys may share a name, so a named one comes with when it was
 * created and how its secret ends (`CI (created Dec 6, 2026, 9:58 PM, ends …9f3c)`); an unnamed one is its masked form.
 */
export function keyButtonLabel(key: ApiKey): string {
  if (!key.name) return key.masked;
  return `${key.name} (created ${formatDate(key.createdAt)}, ends …${key.masked.slice(-4)})`;
}

/**
 * Rotate and Revoke for one key, as far as the server says the signed-in person may (`canRotate`, `canRevoke`: the
 * rule is libs/db workspace-keys.ts). Revoking a teammate's key warns that whatever uses it stops working.
 */
export function KeyActions({
  apiKey,
  onIssued,
  onRevoked,
}: {
  apiKey: ListedKey;
  onIssued: (key: IssuedKey) => void;
  /** After a revoke: its row is gone, so the page says it. */
  onRevoked: () => void;
}) {
  const client = useQueryClient();
  const label = apiKey.name || apiKey.masked;
  const refresh = () => client.invalidateQueries({ queryKey: keyKeys.all });
  const rotate = useMutation({ mutationFn: () => rotateKey(apiKey.id), onSuccess: async (issued) => (onIssued(issued), refresh()) });
  const revoke = useMutation({
    mutationFn: () => revokeKey(apiKey.id),
    onSuccess: async () => {
      onRevoked();
      await refresh();
    },
  });
  if (!apiKey.canRotate && !apiKey.canRevoke)
    return <span className="text-sm text-slate-700">Its creator or a team owner or admin can revoke it.</span>;
  const theirs = apiKey.mine ? '' : ` ${creatorOf(apiKey)} created it: whatever uses it stops working, so let them know.`;
  return (
    <div className="flex flex-wrap gap-2">
      {apiKey.canRotate && (
        <ConfirmDialog
          trigger={
            <Button variant="secondary" aria-label={`Rotate ${keyButtonLabel(apiKey)}`}>
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
            <Button variant="danger" aria-label={`Revoke ${keyButtonLabel(apiKey)}`}>
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
