import type { ReactNode } from 'react';
import { messageContent } from './message-text';

/** A message region; errors are announced (role=alert), success quietly (role=status). */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-red-300 bg-red-50 text-red-900',
    success: 'border-green-300 bg-green-50 text-green-900',
    info: 'border-sky-300 bg-sky-50 text-sky-900',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm wrap-anywhere ${styles}`}>
      {messageContent(children)}
    </div>
  );
}
