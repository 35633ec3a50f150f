import { useState } from 'react';
import { Button } from './button';
import { LiveMessage } from './live-message';

/**
 * Copies `text` to the clipboard and says so in a status line beside the button (read out by screen readers).
 * Clipboard access can be refused (permissions, an insecure origin): the message then says to select and copy.
 * `onCopied` runs only when the text really reached the clipboard. `name`: the button's accessible name where several
 * alike sit on one page (a card's "Copy address" named for its card), `label` staying what is seen.
 */
export function CopyButton({
  text,
  label = 'Copy',
  name,
  onCopied,
}: {
  text: string;
  label?: string;
  name?: string;
  onCopied?: () => void;
}) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
      onCopied?.();
    } catch {
      setCopied('failed');
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" aria-label={name} onClick={() => void copy()}>
        {label}
      </Button>
      <LiveMessage inline>
        {copied === 'copied' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not copy: select the text and copy it.' : ''}
      </LiveMessage>
    </span>
  );
}
