import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { Button } from './button';
import { focusHeading, sectionHeadingOf } from './focus-section-heading';

const OVERLAY = 'fixed inset-0 bg-slate-900/40';
const PANEL =
  'fixed top-1/2 left-1/2 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg bg-white p-5 shadow-xl';
/** A title or description may name something long and unbroken (a key, a file, an email): wrapped, as a page's h1 is, not cut off. */
const TITLE = 'text-lg font-semibold wrap-anywhere';
const DESCRIPTION = 'text-sm text-slate-700 wrap-anywhere';

/**
 * A modal with a title; focus is trapped inside and Escape closes it (Radix Dialog). Our dialogs open from
 * any button (no Radix Trigger), so focus goes back by hand to what had it when the dialog opened.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Where focus goes on close when the element that opened the dialog is gone (its row was replaced meanwhile). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={OVERLAY} />
        <RadixDialog.Content
          className={PANEL}
          // Without a description the dialog is named by its title alone (an sr-only copy of the title would be read twice).
          {...(description ? {} : { 'aria-describedby': undefined })}
          // Runs before focus moves in: the focused element is still the one that opened the dialog.
          onOpenAutoFocus={() => (opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null)}
          onCloseAutoFocus={(event) => {
            const back = opener.current?.isConnected && opener.current !== document.body ? opener.current : returnFocus?.();
            if (back) {
              event.preventDefault();
              back.focus();
            }
          }}
        >
          <RadixDialog.Title className={TITLE}>{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className={DESCRIPTION}>{description}</RadixDialog.Description>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

type FocusTarget = () => HTMLElement | null | undefined;

/** How long after a confirmed action its result may still remove the opener (a slow server answer). */
const REFOCUS_WAIT_MS = 60_000;

/**
 * After a confirmed action the button that opened the dialog often goes with what it acted on (a removed row, a
 * Save button with nothing left to save) once the server answers, well after the dialog has closed and given focus
 * back to it. The browser then drops focus to the body and a keyboard user starts again from the page's top. This
 * watches until that happens and moves focus to the first target still in the page. It stops once focus has
 * moved anywhere else meanwhile (the page placed it, or the person went on), or after REFOCUS_WAIT_MS.
 */
function refocusWhenOpenerGoes(opener: HTMLElement, targets: FocusTarget[]): void {
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const check = () => {
    const active = document.activeElement;
    // The dialog is still open or closing: its own focus handling comes first.
    if (active instanceof HTMLElement && active.closest('[role="alertdialog"]')) return;
    if (opener.isConnected) {
      if (active !== opener && active && active !== document.body && active.isConnected) stop();
      return;
    }
    stop();
    if (active && active !== document.body && active.isConnected) return;
    for (const target of targets) {
      const element = target();
      if (element?.isConnected) {
        focusHeading(element);
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  const timer = setTimeout(stop, REFOCUS_WAIT_MS);
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * Asks before a destructive or far-reaching action (revoke, remove, grant owner). The trigger is any button; the
 * action button names what happens, so a person and a test both find it by its name. Focus goes back to the
 * trigger on close; when the action then removes the trigger, it moves to `returnFocus` (when given and in the
 * page), else to the nearest heading before the trigger in its section, else (that heading removed too, as a card's
 * own name goes with the card) to the section's title, else to the page's h1.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  action,
  onConfirm,
  returnFocus,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  action: string;
  onConfirm: () => void;
  /** Where focus goes when the action has removed the trigger (the row acted on): asked for only then. */
  returnFocus?: FocusTarget;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const confirm = () => {
    const from = opener.current;
    if (from?.isConnected) {
      // Found now, while the trigger is still in its section; used only if still in the page later.
      const heading = sectionHeadingOf(from);
      // The section's own title, when the nearest heading goes with what was acted on (a removed card's name): the
      // keyboard user stays where the list is, not sent back to the page's top above its forms.
      const sectionTitle = from.closest('section')?.querySelector<HTMLElement>('h1, h2, h3, h4');
      const main = from.closest('main');
      refocusWhenOpenerGoes(from, [
        returnFocus ?? (() => null),
        () => heading,
        () => sectionTitle,
        () => main?.querySelector<HTMLElement>('h1'),
      ]);
    }
    onConfirm();
  };
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY} />
        <AlertDialog.Content
          className={PANEL}
          // Runs before focus moves in: the focused element is still the trigger (a click focuses the button it hits).
          onOpenAutoFocus={() => (opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null)}
        >
          <AlertDialog.Title className={TITLE}>{title}</AlertDialog.Title>
          <AlertDialog.Description className={DESCRIPTION}>{description}</AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="danger" onClick={confirm}>
                {action}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A dialog form's closing row: Cancel, and the submit button named for what it saves. */
export function DialogActions({ onCancel, submit, busy }: { onCancel: () => void; submit: string; busy: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" busy={busy}>
        {submit}
      </Button>
    </div>
  );
}
