import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, refusedHere } from '../api/problem';
import { BannerAlert } from './banner-alert';
import { formBanner } from './form-banner';
import { FIELD_ERROR_ATTRIBUTE } from './message-text';
import { holdsNoNumber, NOT_A_NUMBER } from './not-a-number';

/**
 * The number fields in `form` holding no number (holdsNoNumber: text the browser cannot read as one, "1e" or "-", or
 * nothing in a required field), refused as a failed request would be, each under its label's name; null when there
 * are none. The browser gives such a field an empty value, which a form would send as "not set" (the API's default
 * size, the page's longest animation).
 */
function unreadableNumbers(form: HTMLFormElement | null): ApiError | null {
  const unreadable = [...(form?.querySelectorAll<HTMLInputElement>('input[type="number"]') ?? [])].filter(holdsNoNumber);
  if (unreadable.length === 0) return null;
  return refusedHere(unreadable.map((input) => ({ field: input.labels?.[0]?.textContent ?? input.name, message: NOT_A_NUMBER })));
}

/**
 * Which of `messages` stand beside a field on the page, outside `banner`. A kit field's error (ErrorText) carries
 * the message as the API sent it, so it matches exactly, whatever the drawn text looks like (`name` is drawn as
 * code, without the backticks). An error drawn without the kit (plain text under an editor) is still looked for in
 * the page's text.
 */
function messagesOnPage(banner: HTMLElement | null, messages: readonly string[]): Set<string> {
  const outside = (el: Element) => !banner?.contains(el);
  const marked = new Set(
    [...document.querySelectorAll(`[${FIELD_ERROR_ATTRIBUTE}]`)].filter(outside).map((el) => el.getAttribute(FIELD_ERROR_ATTRIBUTE)),
  );
  const rest = messages.filter((m) => !marked.has(m));
  let text = '';
  if (rest.length > 0) {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!banner?.contains(node)) text += node.textContent ?? '';
  }
  return new Set(messages.filter((m) => m !== '' && (marked.has(m) || text.includes(m))));
}

/** Whether `element` (what a field's aria-describedby names) shows `message`: marked with it, or, drawn without the kit, holding its text. */
const shows = (element: HTMLElement | null, message: string) =>
  element !== null &&
  (element.getAttribute(FIELD_ERROR_ATTRIBUTE) === message ||
    [...element.querySelectorAll(`[${FIELD_ERROR_ATTRIBUTE}]`)].some((el) => el.getAttribute(FIELD_ERROR_ATTRIBUTE) === message) ||
    (element.textContent ?? '').includes(message));

/** The field to focus: the first marked invalid in the form, else one elsewhere on the page described by a shown message. */
function firstInvalidField(form: HTMLFormElement | null, messages: readonly string[]): HTMLElement | null {
  const inForm = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (inForm) return inForm;
  for (const field of document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
    const described = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    if (described.some((id) => messages.some((m) => shows(document.getElementById(id), m)))) return field;
  }
  return null;
}

/**
 * A form that submits with Enter like any HTML form and shows a failure at the top. Per-field errors stand
 * beside their fields (ApiError.fieldError); when they all do, the banner only says to check the highlighted
 * fields and focus goes to the first one, instead of repeating them in API terms. Errors no field on the page
 * shows are listed in the banner, named by `labels` or spelled out from their path (form-banner.ts); names the API
 * marks with backticks show as code there too. A number field holding text the browser cannot read as a number
 * ("1e", "-": its value reads as empty) is refused here the same way, beside it, and nothing is submitted.
 */
export function Form({
  onSubmit,
  error: given,
  fields: givenFields = [],
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
  // A submit refused here, before onSubmit (a number field's text unreadable): shown as the API's refusals are.
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const error = refusal ?? given;
  const fields = refusal ? [...givenFields, ...refusal.fieldErrors().map((e) => e.field)] : givenFields;
  // Which of this failure's messages stand on the page, read once it is drawn (before the browser paints).
  const [onPage, setOnPage] = useState<{ error: unknown; messages: ReadonlySet<string> } | null>(null);
  const read = onPage !== null && onPage.error === error ? onPage.messages : null;
  const shown = error == null ? null : formBanner(error, { fields, labels, onPage: read ? (m) => read.has(m) : undefined });

  useLayoutEffect(() => {
    if (!(error instanceof ApiError) || error.fieldErrors().length === 0) return;
    setOnPage({
      error,
      messages: messagesOnPage(
        banner.current,
        error.fieldErrors().map((e) => e.message),
      ),
    });
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
    const unreadable = unreadableNumbers(form.current);
    setRefusal(unreadable);
    if (!unreadable) onSubmit();
  };
  // The refusal goes once no number field holds unreadable text any more, as a form's own refusal goes when the field
  // it named is edited; while one still does, it stays as it was (a new one would move focus away from the typing).
  const retract = () => {
    if (refusal && !unreadableNumbers(form.current)) setRefusal(null);
  };
  return (
    <form ref={form} aria-label={label} onSubmit={handle} onInput={retract} noValidate className={`flex flex-col gap-4 ${className}`}>
      {shown && (
        <div ref={banner}>
          <BannerAlert lines={shown.lines} unshown={shown.unshown} />
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
