import { isProblemSlug, type ProblemSlug } from './slugs.js';
import { ProblemError, type FieldError } from './problem-error.js';

/**
 * A problem as it travels inside bus messages (a render result, say):
 * only public members, so a renderer's failure can be answered by the gateway.
 */
export interface SerializedProblem {
  slug: string;
  detail: string;
  status?: number;
  code?: string;
  errors?: FieldError[];
}

export function serializeProblem(error: ProblemError): SerializedProblem {
  const out: SerializedProblem = { slug: error.slug, detail: error.detail, status: error.status };
  if (error.code !== undefined) out.code = error.code;
  if (error.errors !== undefined) out.errors = error.errors;
  return out;
}

export function deserializeProblem(problem: SerializedProblem): ProblemError {
  const slug: ProblemSlug = isProblemSlug(problem.slug) ? problem.slug : 'internal-error';
  return new ProblemError(slug, {
    detail: problem.detail,
    ...(problem.status !== undefined ? { status: problem.status } : {}),
    ...(problem.code !== undefined ? { code: problem.code } : {}),
    ...(problem.errors !== undefined ? { errors: problem.errors } : {}),
  });
}
