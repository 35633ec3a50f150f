import type { ReactNode } from 'react';
import { liveMessageClass, liveRole, politenessOf, type LiveTone, type Politeness } from './live-region';

/**
 * A line that says what just happened ("Saved.", "Unsaved changes.", a refusal) and is read out when its text
 * changes: the one way pages announce a short message. A polite one should stay in the page with empty text until
 * there is something to say, since a live region that appears together with its message is not read out by every
 * screen reader; an assertive one (role alert) is read out when it appears, so it may come and go with its error.
 * By default errors are assertive and everything else polite; pass `politeness` where a page wants otherwise.
 * `inline` makes it a span, for a message beside a button; `className` adds layout only (the tone sets the colour).
 */
export function LiveMessage({
  tone = 'neutral',
  politeness = politenessOf(tone),
  small = false,
  inline = false,
  id,
  className,
  children,
}: {
  tone?: LiveTone;
  politeness?: Politeness;
  small?: boolean;
  inline?: boolean;
  id?: string | undefined;
  className?: string | undefined;
  children?: ReactNode;
}) {
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag id={id} role={liveRole(politeness)} aria-live={politeness} className={liveMessageClass(tone, { small, extra: className })}>
      {children}
    </Tag>
  );
}
