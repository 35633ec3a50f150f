import { withFullStop } from '../kit/sentence.js';

/** An RFC 9457 problem as the Pressroom API sends it (libs/problem). */
export interface Problem {
  type?: string;
  title: string;
  status: number;
  detail: string;
  code?: string;
  errors?: { field: string; message?: string; detail?: string }[];
  /** On a batch's 404: how many days a finished batch's results are kept (PRESSROOM_BATCH_RETENTION). */
  retentionDays?: number;
}

/** A failed API call. `fieldError(name)` is what a form shows beside that field; `detail` goes at the top. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }

  /** The message for one body field (see `claims`). */
  fieldError(name: string): string | undefined {
    const hit = this.problem.errors?.find((e) => claims(name, e.field));
    return hit ? besideItsField(hit.field, hit.message ?? hit.detail ?? '') : undefined;
  }

  /** The per-field errors as `{field, message}` (an error without `message` gives its `detail`), in the problem's order. */
  fieldErrors(): { field: string; message: string }[] {
    return (this.problem.errors ?? []).map((e) => ({
      field: e.field,
      message: besideItsField(e.field, (e.message ?? e.detail ?? '').trim()),
    }));
  }

  /** A failed validation (`validation-error`): its `detail` only restates the per-field errors. */
  get isValidation(): boolean {
    return /(^|\/)validation-error$/.test(this.problem.type ?? '');
  }
}

/**
 * The API's names of fields, as the dashboard's forms name those fields in a sentence. A message beside one field may
 * name another by its API name (beside Max length: "`maxLength` must be at least `minLength` (5)."); the person sees
 * that other field under its label, so the sentence says it in these words: "Must be at least the minimum length (5).".
 * One list for every form: a name not here stays as the API spells it (drawn as code).
 */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  minLength: 'the minimum length',
  maxLength: 'the maximum length',
  // A timeline clip's trims (the studio's "Skip source frames at start" and "Stop at source frame").
  trimBefore: 'the frames skipped at start',
  trimAfter: 'the frame to stop at',
};

/**
 * A name of FIELD_WORDS, in backticks or bare (the API writes "trimAfter must be later than trimBefore."), but not a
 * part of a longer name or path (`validation.minLength`).
 */
const NAMES = Object.keys(FIELD_WORDS).join('|');
const NAMED_FIELD = new RegExp(`\`(${NAMES})\`|(?<![\\w.\`])(${NAMES})(?![\\w\`]|\\.\\w)`, 'g');

/**
 * A field's message as the form shows it, beside the field or after its label in the banner, which already say which
 * field it is. The API's messages name fields for readers of the raw problem, in the API's spelling:
 * - its own field, before "must …" ("`name` must be a string.", "ttlSeconds must be between …"): the
 *   name goes, "Must be a string.". Only "must …" sentences: "bucket is 3–63 lower-case letters …" is a
 *   rule about the bucket, and stays whole;
 * - its own field, before "is required" ("`name` is required.", "`url` is required: the http(s) URL of the JSON
 *   data."): "Required." and "Required: the http(s) URL of the JSON data.";
 * - another field ("Must be at least `minLength` (5).", in backticks or bare): in the words of FIELD_WORDS, "Must be
 *   at least the minimum length (5)."; a name not in that list stays as the API spells it;
 * - the end: a full stop where the API wrote none ("Must be at least 0", "Must not be empty" from its generic checks,
 *   libs/contracts issue-messages.ts), so every message beside a field reads as a sentence, as the dashboard's own do
 *   (kit/sentence.ts withFullStop, the one rule).
 */
export function besideItsField(field: string, message: string): string {
  const own = field.split('.').at(-1) ?? field;
  let text = message;
  const named = [`\`${own}\` must `, `${own} must `].find((start) => text.startsWith(start));
  if (named) text = `M${text.slice(named.length - 'ust '.length)}`;
  const required = [`\`${own}\` is required`, `${own} is required`].find(
    (start) => text.startsWith(start) && /^([.:]|$)/.test(text.slice(start.length)),
  );
  if (required) text = `Required${text.slice(required.length)}`;
  const worded = text.replace(NAMED_FIELD, (quoted: string, inBackticks: string | undefined, bare: string | undefined, at: number) => {
    const words = FIELD_WORDS[inBackticks ?? bare ?? ''] ?? quoted;
    // A sentence that begins with the other field's name begins with a capital.
    return at === 0 || /[.!?]\s+$/.test(text.slice(0, at)) ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : words;
  });
  return withFullStop(worded);
}

/**
 * A refusal made in the browser before anything is sent (a required field left empty), shaped as the API's own
 * validation problem: the kit's Form shows each message beside its field and moves focus to the first, as it does
 * for the server's refusals. The messages are the dashboard's plain sentences ("Give the key a name.").
 */
export function refusedHere(errors: { field: string; message: string }[]): ApiError {
  return new ApiError({
    type: 'validation-error',
    title: 'Check the form',
    status: 400,
    detail: errors.map((e) => e.message).join(' '),
    errors,
  });
}

/** Turns any non-2xx response into an ApiError, whether or not the body is problem+json. */
export async function problemFrom(res: Response): Promise<ApiError> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      const body = (await res.json()) as Partial<Problem>;
      return new ApiError({
        ...body,
        title: body.title ?? res.statusText,
        status: body.status ?? res.status,
        detail: body.detail ?? body.title ?? `Request failed (${res.status})`,
      });
    } catch {
      // A broken body still yields the status below.
    }
  }
  return new ApiError({ title: res.statusText || 'Error', status: res.status, detail: `Request failed with status ${res.status}.` });
}

/** The message to show for anything a request can throw (network errors included). */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.problem.detail;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Whether the form field `name` shows the error at `path`: the same path, a path under it, or a nested path ending in
 * it (`filters.events` for `events`), but not an item of a list (`variableDefinitions.0.name` is not the form's `name`).
 */
export function claims(name: string, path: string): boolean {
  if (path === name || path.startsWith(`${name}.`)) return true;
  return path.endsWith(`.${name}`) && !/\.\d+\./.test(`.${path}`);
}
