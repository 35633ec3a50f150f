import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../api/problem';
import { Alert } from './alert';
import { formBanner } from './form-banner';

/** The page's text outside `banner`: where a field's message stands if it is shown at all. */
function pageTextOutside(banner: HTMLElement | null): string {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!banner?.contains(node)) text += node.textContent ?? '';
  return text;
}

/** The field to focus: the first marked invalid in the form, else one elsewhere on the page described by a shown message. */
function firstInvalidField(form: HTMLFormElement | null, messages: readonly string[]): HTMLElement | null {
  const inForm = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (inForm) return inForm;
  for (const field of document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
    const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const described = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    if (messages.some((m) => described.includes(m))) return field;
  }
  return null;
}

/**
 * A form that submits with Enter like any HTML form and shows a failure at the top. Per-field errors stand
 * beside their fields (ApiError.fieldError); when they all do, the banner only says to check the highlighted
 * fields and focus goes to the first one, instead of repeating them in API terms. Errors no field on the page
 * shows are listed in the banner, named by `labels` or spelled out from their path (form-banner.ts).
 */
export function Form({
  onSubmit,
  error,
  fields = [],
  labels,
  children,
  label,
  className = '',
}: {
  onSubmit: () => void;
  error: unknown;
  /** The body field names this form shows errors for beside their inputs. */
  fields?: readonly string[];
  /** Readable names for error paths no field shows (others are spelled out from the path). */
  labels?: Readonly<Record<string, string>>;
  children: ReactNode;
  label: string;
  className?: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const banner = useRef<HTMLDivElement>(null);
  // Which of this failure's messages stand on the page, read once it is drawn (before the browser paints).
  const [onPage, setOnPage] = useState<{ error: unknown; messages: ReadonlySet<string> } | null>(null);
  const read = onPage !== null && onPage.error === error ? onPage.messages : null;
  const shown = error == null ? null : formBanner(error, { fields, labels, onPage: read ? (m) => read.has(m) : undefined });

  useLayoutEffect(() => {
    if (!(error instanceof ApiError) || error.fieldErrors().length === 0) return;
    const text = pageTextOutside(banner.current);
    setOnPage({ error, messages: new Set(error.fieldErrors().flatMap((e) => (e.message && text.includes(e.message) ? [e.message] : []))) });
  }, [error]);

  // Once per failure: keyboard and screen-reader users land on the first field to fix, as the banner says.
  const focused = useRef<unknown>(null);
  const messages = shown?.shown ?? [];
  useEffect(() => {
    if (read === null || focused.current === error || messages.length === 0) return;
    focused.current = error;
    firstInvalidField(form.current, messages)?.focus();
  });

  const handle = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form ref={form} aria-label={label} onSubmit={handle} noValidate className={`flex flex-col gap-4 ${className}`}>
      {shown && (
        <div ref={banner}>
          <Alert>
            {shown.lines.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
            {shown.unshown.length === 1 && shown.lines.length === 0 && <p>{shown.unshown[0]}</p>}
            {(shown.unshown.length > 1 || (shown.unshown.length === 1 && shown.lines.length > 0)) && (
              <ul className="mt-1 list-disc pl-5">
                {shown.unshown.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            )}
          </Alert>
        </div>
      )}
      {children}
    </form>
  );
}

/** The field's API error, if the last failure was an ApiError naming it. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldError(field) : undefined;
}
