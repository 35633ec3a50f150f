import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { bindingKeys, refreshBinding, type Binding } from '../../api/bindings';
import { refreshOutcome, type RefreshEnds } from './refresh-outcome';

/** How often the list is read while a refresh runs (a refresh takes a second or two; the page's own poll is slower). */
const WATCH_MS = 1_000;
/** After this, a refresh still running (the scheduler busy or down) stops holding the button: the card says so. */
const OVERDUE_MS = 60_000;

/**
 * "Refresh now" with its outcome. The request only makes the binding due (202); the scheduler fetches and renders
 * moments later and writes the outcome on the binding, which the list shows. So the button stays busy from the click
 * until that outcome is on the card, then the outcome is said in words.
 */
export function useRefreshNow(binding: Binding) {
  const client = useQueryClient();
  /** The binding as the request answered: what a new outcome is told from. */
  const [asked, setAsked] = useState<RefreshEnds | null>(null);
  const [overdue, setOverdue] = useState(false);
  const request = useMutation({
    mutationFn: () => refreshBinding(binding.uid),
    onMutate: () => {
      setAsked(null);
      setOverdue(false);
    },
    onSuccess: ({ binding: answered }) => setAsked(answered),
  });
  const outcome = asked ? refreshOutcome(asked, binding) : null;
  const running = outcome?.state === 'running' && !overdue;
  useEffect(() => {
    if (!running) return;
    const watch = setInterval(() => void client.invalidateQueries({ queryKey: bindingKeys.all }), WATCH_MS);
    const giveUp = setTimeout(() => setOverdue(true), OVERDUE_MS);
    return () => {
      clearInterval(watch);
      clearTimeout(giveUp);
    };
  }, [running, client]);
  return {
    start: () => request.mutate(),
    busy: request.isPending || running,
    /** The request refused (paused meanwhile, signed out): its problem. */
    error: request.error,
    outcome,
    overdue: overdue && outcome?.state === 'running',
    /** Pausing or resuming starts another story: the last refresh's words go. */
    forget: () => {
      request.reset();
      setAsked(null);
    },
  };
}
