import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createUrlSigningSecret, urlSigningKeys, type IssuedUrlSigningSecret } from '../../api/url-signing';
import { Button } from '../../kit/button';
import { Dialog } from '../../kit/dialog';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { refusedHere, type ApiError } from '../../api/problem';
import { capOf } from './render-cap';

/**
 * Creates the URL-signing secret, or rotates it when one exists. Rotating breaks every link signed so far,
 * so it asks first (Enter in the field asks too).
 */
export function UrlSigningSecretForm({
  rotating,
  currentCap = null,
  onIssued,
}: {
  rotating: boolean;
  /** The current secret's cap: a rotation starts from it, so rotating after a leak keeps the limit unless changed. */
  currentCap?: number | null;
  onIssued: (issued: IssuedUrlSigningSecret) => void;
}) {
  const client = useQueryClient();
  const [cap, setCap] = useState(currentCap === null ? '' : String(currentCap));
  const [confirming, setConfirming] = useState(false);
  // Text that is not a number of renders is refused here, before anything is asked (and before Rotate's question).
  const [refused, setRefused] = useState<ApiError | null>(null);
  const typed = capOf(cap);
  const make = useMutation({
    mutationFn: () => createUrlSigningSecret('cap' in typed ? typed.cap : null),
    onSuccess: async (issued) => {
      setCap(issued.maxRenders === null ? '' : String(issued.maxRenders));
      onIssued(issued);
      await client.invalidateQueries({ queryKey: urlSigningKeys.current });
    },
  });
  const action = rotating ? 'Rotate secret' : 'Create secret';
  return (
    <>
      <Form
        label={rotating ? 'Rotate the URL-signing secret' : 'Create a URL-signing secret'}
        className="max-w-md"
        onSubmit={() => {
          const refusal = 'refusal' in typed ? refusedHere([{ field: 'maxRenders', message: typed.refusal }]) : null;
          setRefused(refusal);
          if (refusal) make.reset();
          else if (rotating) setConfirming(true);
          else make.mutate();
        }}
        error={refused ?? make.error}
        fields={['maxRenders']}
      >
        <TextField
          label="Render cap (optional)"
          inputMode="numeric"
          autoComplete="off"
          hint="Most distinct renders this secret's links may cause; a link already rendered is served from the cache and does not count. Empty: no cap (credits and the per-minute limit still apply)."
          value={cap}
          onChange={(e) => setCap(e.target.value)}
          error={fieldError(refused ?? make.error, 'maxRenders')}
        />
        <div>
          <Button type="submit" busy={make.isPending} variant={rotating ? 'secondary' : 'primary'}>
            {action}
          </Button>
        </div>
      </Form>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate the URL-signing secret?"
        description={`A new secret replaces this one${'cap' in typed && typed.cap === null ? ', with no render cap' : `, with a render cap of ${cap.trim()}`}. Every link signed with the current secret stops working at once (403 invalid-signature): sign them again with the new one.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false);
              make.mutate();
            }}
          >
            Rotate and break old links
          </Button>
        </div>
      </Dialog>
    </>
  );
}
