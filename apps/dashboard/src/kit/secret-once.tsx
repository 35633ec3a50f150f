import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { CopyButton } from './copy-button';
import { Dialog } from './dialog';

/**
 * A secret the server shows only this once (a new key, a webhook signing secret), with a Copy button.
 * `onCopied` runs when it was copied: by the button, or selected and copied from the field.
 */
export function SecretOnce({ label, value, onCopied }: { label: string; value: string; onCopied?: () => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div id={`${id}-warning`}>
        <Alert tone="info">Copy it now: it is shown only this once and cannot be retrieved later.</Alert>
      </div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          aria-describedby={`${id}-warning`}
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          onCopy={() => onCopied?.()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
        />
        <CopyButton text={value} {...(onCopied ? { onCopied } : {})} />
      </div>
    </div>
  );
}

/**
 * The dialog that shows a secret once. Losing the secret must be deliberate: **Done** closes it, and so do Escape
 * or a click outside once it was copied; before that they ask "Close without copying?" in the dialog instead
 * (Escape again, or **Go back**, returns to the secret; **Close without copying** closes).
 */
export function SecretOnceDialog({
  secret,
  label,
  title,
  description,
  returnFocus,
  example,
  onClose,
}: {
  /** The secret to show; the dialog is open while it is not null. */
  secret: string | null;
  /** The secret field's label (`API key`, `Signing secret`). */
  label: string;
  title: string;
  description?: string;
  /** Where focus goes on close when the element that opened the dialog is gone (kit/dialog.tsx). */
  returnFocus?: () => HTMLElement | null | undefined;
  /** Code that uses the secret (a new key's first request): copying it copies the secret too, so it counts as copied. */
  example?: { title: string; text: string; copy: string };
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  // The closing row: Done, or the question. Focus moves to its first button when it changes (Go back, or Done again).
  const actions = useRef<HTMLDivElement>(null);
  const askedBefore = useRef(false);
  // Every new secret starts uncopied.
  useEffect(() => {
    setCopied(false);
    setAsking(false);
  }, [secret]);
  useEffect(() => {
    if (secret !== null && (asking || askedBefore.current)) actions.current?.querySelector('button')?.focus();
    askedBefore.current = asking;
    // Only a change of the question moves focus; `secret` is read to leave a closing dialog alone.
  }, [asking]);
  const close = () => {
    setAsking(false);
    onClose();
  };
  // Escape or a click outside: close once copied, else ask; while asking, Escape goes back to the secret.
  const dismiss = () => {
    if (copied) close();
    else setAsking((was) => !was);
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => !open && dismiss()}
      title={title}
      {...(description ? { description } : {})}
      {...(returnFocus ? { returnFocus } : {})}
    >
      {secret !== null && <SecretOnce label={label} value={secret} onCopied={() => setCopied(true)} />}
      {secret !== null && example && (
        <figure className="flex flex-col gap-1 text-sm">
          <figcaption className="font-medium">{example.title}</figcaption>
          {/* Wrapped, not scrolled sideways: a phone shows the whole command (a copy is the command as it is). */}
          <pre className="rounded-md bg-slate-900 p-3 text-xs break-all whitespace-pre-wrap text-slate-100" tabIndex={0}>
            <code>{example.text}</code>
          </pre>
          <CopyButton text={example.text} label={example.copy} onCopied={() => setCopied(true)} />
        </figure>
      )}
      {asking ? (
        <div
          ref={actions}
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <p>
            <strong>Close without copying?</strong> You cannot see this secret again: you would have to make a new one.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Go back
            </Button>
            <Button variant="danger" onClick={close}>
              Close without copying
            </Button>
          </div>
        </div>
      ) : (
        <div ref={actions} className="flex justify-end">
          <Button onClick={close}>Done</Button>
        </div>
      )}
    </Dialog>
  );
}
