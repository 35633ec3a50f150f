import { ApiError, claims, messageOf } from '../api/problem.js';
import { plural } from './plural.js';
import { asSentence } from './sentence.js';

/** What a form's top banner says about a failure. */
export interface FormBanner {
  /** Sentences, in order: the problem's detail where it says more than the fields do, then where to look. */
  lines: string[];
  /** Errors no field shows, in readable words (`Render cap: Must be …`), for a list under the lines. */
  unshown: string[];
  /** The messages that stand beside their fields: the form moves focus to the first field marked invalid. */
  shown: string[];
}

export interface FormBannerOptions {
  /** The body field names the form shows errors for beside their inputs (as `fieldError` reads them). */
  fields: readonly string[];
  /** Readable names for error paths no field shows (`{ templateUid: 'Template' }`); others are spelled out from the path. */
  labels?: Readonly<Record<string, string>> | undefined;
  /**
   * Whether a message really stands on the page (the form reads the page once the failure is drawn): a form may
   * claim a field it does not show, or show only the first of several errors under one name, and a message
   * that is shown nowhere must not be lost from the banner too.
   */
  onPage?: ((message: string) => boolean) | undefined;
}

/** `Max renders` for `maxRenders`, `Variable definitions › #2 › name` for `variableDefinitions.1.name`. */
export function readablePath(path: string): string {
  const [first = '', ...rest] = path.split('.');
  const head = first.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  // Deeper parts may be the caller's own names (a variable, a mapping key): kept as they are, list items counted from 1.
  const parts = [head.charAt(0).toUpperCase() + head.slice(1), ...rest.map((p) => (/^\d+$/.test(p) ? `#${Number(p) + 1}` : p))];
  return parts.join(' › ');
}

const sentence = (text: string) => text.trim().replace(/\.$/, '');

/**
 * Several messages for one field as one text, each once and each a sentence (`Must be at most 3840. Width must be
 * even …`): a field shows every distinct reason at once, so fixing one does not just reveal the next on the next try.
 */
export function asSentences(messages: readonly string[]): string {
  const distinct = [...new Set(messages.map(sentence).filter((m) => m !== ''))];
  return distinct.map((m) => asSentence(m)).join(' ');
}

/**
 * The banner for `error`. A validation problem's `detail` repeats every field error in API terms
 * (`The request body is invalid: maxRenders: Must be …`), so when its errors stand beside their fields the banner
 * only says where to look; errors no field shows are listed with a readable name. Other problems keep their
 * `detail` (it says what happened: not saved, locked, …) unless it is just the one field message again, with or
 * without the field's name in front.
 */
export function formBanner(error: unknown, { fields, labels = {}, onPage = () => true }: FormBannerOptions): FormBanner {
  const errors = error instanceof ApiError ? error.fieldErrors() : [];
  if (!(error instanceof ApiError) || errors.length === 0) return { lines: [messageOf(error)], unshown: [], shown: [] };
  const isShown = (e: { field: string; message: string }) =>
    e.message !== '' && fields.some((f) => claims(f, e.field)) && onPage(e.message);
  const shown = errors.filter(isShown);
  const unshown = errors
    .filter((e) => !isShown(e))
    .map((e) => {
      // `(body)`: the request as a whole (too large, not an object), which no name makes clearer.
      if (e.field === '' || e.field.startsWith('(')) return e.message;
      return `${labels[e.field] ?? readablePath(e.field)}: ${e.message}`;
    });
  // Fields, not errors: one field refused by several checks (too short and the wrong letters) is one highlighted
  // field, and errors under one name the form shows together (`mapping.title`, `mapping.colour`) are one too.
  const highlighted = new Set(shown.map((e) => fields.find((f) => claims(f, e.field)))).size;
  const pointer =
    highlighted === 0
      ? null
      : highlighted === 1
        ? 'Check the highlighted field.'
        : `Check the ${plural(highlighted, 'highlighted field')}.`;
  // A detail may name the field before its message (`targetUrl: The URL … is blocked.`): still the same message.
  const detail = sentence(error.problem.detail);
  const restated =
    error.isValidation || shown.some((e) => detail === sentence(e.message) || detail === sentence(`${e.field}: ${e.message}`));
  const lines = [...(restated ? [] : [error.problem.detail]), ...(pointer ? [pointer] : [])];
  return { lines, unshown, shown: shown.map((e) => e.message) };
}
