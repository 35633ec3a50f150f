import type { ReactNode } from 'react';
import { liveRole, politenessOf } from './live-region';
import { messageContent } from './message-text';

type Tone = 'error' | 'success' | 'info';

/**
 * The role for a message box. A live one is read out when it appears: an error at once (alert), anything else
 * politely (status). A note that is part of the page (an intro, a standing explanation) is not news, so it is
 * not a live region at all: screen readers meet it in reading order.
 */
function alertRole(tone: Tone, live: boolean): 'alert' | 'status' | 'note' {
  return live ? liveRole(politenessOf(tone)) : 'note';
}

/**
 * A message box. `live` says whether it reports something that just happened (a refusal, "Saved.", a render
 * still running) and is announced; by default errors and successes are, and `info` is a standing note. Pass
 * `live` to an info box that appears in answer to an action, `live={false}` to an error that is the page's state.
 */
export function Alert({ tone = 'error', live = tone !== 'info', children }: { tone?: Tone; live?: boolean; children: ReactNode }) {
  const styles = {
    error: 'border-red-300 bg-red-50 text-red-900',
    success: 'border-green-300 bg-green-50 text-green-900',
    info: 'border-sky-300 bg-sky-50 text-sky-900',
  }[tone];
  return (
    <div role={alertRole(tone, live)} className={`rounded-md border px-3 py-2 text-sm wrap-anywhere ${styles}`}>
      {messageContent(children)}
    </div>
  );
}
