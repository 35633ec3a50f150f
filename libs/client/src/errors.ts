/**
 * Every error the SDK throws is a PressroomError; `instanceof` tells which kind (docs/clients.md, "Errors").
 * Thrown as this base class itself: a mistake caught before any request (an API key with spaces, a missing path parameter).
 */
export class PressroomError extends Error {
  override name = 'PressroomError';
}

/** One bad field of a problem's `errors`. */
export interface FieldError {
  /** Dotted path of the field, for example `width` or `variables.name`. */
  field: string;
  message: string;
  /** Machine-readable reason (`too_big`, `invalid_type`, a rule's own; `invalid_value` when none more precise): Pressroom sends one on every field error. */
  code: string;
}

/** The body of an RFC 9457 problem answer, as Pressroom sends it. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  /** Same text as `detail`. */
  message?: string;
  code?: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

/**
 * Any answer with a status of 400 or more, once the retries are spent: a Pressroom problem (every member is
 * here), or another server's error page (then `slug` is `http-<status>` and `detail` says it was not a problem).
 */
export class PressroomApiError extends PressroomError {
  override name = 'PressroomApiError';
  readonly status: number;
  /** The problem slug (`validation-error`, `quota-exceeded`, …): the last segment of `type`. */
  readonly slug: string;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly code: string | undefined;
  /** One entry per bad field (empty when the problem is not about fields). */
  readonly errors: FieldError[];
  /** Seconds, from the Retry-After header, when the server sent one. */
  readonly retryAfter: number | undefined;
  readonly problem: ProblemDetails;

  constructor(problem: ProblemDetails, retryAfter?: number) {
    super(`${problem.title} (${problem.status}): ${problem.detail}`);
    this.problem = problem;
    this.status = problem.status;
    this.type = problem.type;
    this.slug = problem.type.split('/').filter(Boolean).pop() ?? '';
    this.title = problem.title;
    this.detail = problem.detail;
    this.code = problem.code;
    this.errors = problem.errors ?? [];
    this.retryAfter = retryAfter;
  }

  /** Monthly credits used up: waiting does not help, so the SDK never retries it. */
  get isQuotaExceeded(): boolean {
    return this.slug === 'quota-exceeded' || this.code === 'quota_exceeded';
  }
}

/**
 * No usable answer: the base URL is not an http(s) URL, nothing answered (wrong host or port), the connection
 * broke (also mid-download, after the retries), or a success answer (below 400) was not Pressroom's JSON (an empty
 * body, HTML, a render without its `url`): the message names the status and content type.
 */
export class PressroomNetworkError extends PressroomError {
  override name = 'PressroomNetworkError';
  constructor(
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A render that was accepted (202) and polled ended as `failed` (for several layouts: only when every one failed). */
export class PressroomRenderError extends PressroomError {
  override name = 'PressroomRenderError';
  constructor(
    readonly renderId: string,
    readonly slug: string | null,
    readonly detail: string,
  ) {
    super(`Render ${renderId} failed${slug ? ` (${slug})` : ''}: ${detail}`);
  }
}

/** Waiting for a render or batch took longer than the caller allowed. */
export class PressroomTimeoutError extends PressroomError {
  override name = 'PressroomTimeoutError';
}
