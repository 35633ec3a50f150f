/** Every error the SDK throws is a PressroomError; `instanceof` tells which kind. */
export class PressroomError extends Error {
  override name = 'PressroomError';
}

/** The body of an RFC 9457 problem answer, as Pressroom sends it. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  code?: string;
  errors?: { field: string; message: string }[];
  [extension: string]: unknown;
}

/** The API answered with a problem (4xx/5xx): every field of the problem is here. */
export class PressroomApiError extends PressroomError {
  override name = 'PressroomApiError';
  readonly status: number;
  /** The problem slug (`validation-error`, `quota-exceeded`, …): the last segment of `type`. */
  readonly slug: string;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly code: string | undefined;
  readonly errors: { field: string; message: string }[];
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

/** No HTTP answer: the server could not be reached, the connection broke, or an answer was not Pressroom's. */
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

/** A render that was accepted (202) ended as `failed`. */
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
