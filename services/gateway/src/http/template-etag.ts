import { StaleTemplateRevisionError } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';

/** A template revision's strong ETag (docs/adr/0075-template-save-conflicts.md). */
export function revisionEtag(revision: string): string {
  return `"${revision}"`;
}

/**
 * What an If-Match header asks of a save: nothing (no header: save as before), any existing
 * revision (`*`), or one of the listed revisions. Strong comparison (RFC 9110 §13.1.1): a weak
 * tag never matches, and a header naming no strong tag can match nothing (an empty list).
 */
export function revisionsOfIfMatch(header: string | undefined): '*' | string[] | undefined {
  if (header === undefined) return undefined;
  const tags = header.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return '*';
  return tags.flatMap((tag) => /^"([^"]*)"$/.exec(tag)?.[1] ?? []);
}

const by = (author: string) => (author.startsWith('key:') ? `by API key ${author.slice(4)}` : `by ${author}`);

/** 412 precondition-failed for a save whose If-Match no longer names the template's revision. */
function staleRevisionProblem(uid: string, error: StaleTemplateRevisionError): ProblemError {
  const { revision, updatedAt, updatedBy } = error.current;
  const when = `at ${updatedAt.toISOString()}`;
  return new ProblemError('precondition-failed', {
    detail:
      `Template ${uid} was changed since it was read: saved ${updatedBy ? `${by(updatedBy)} ` : ''}${when}. ` +
      'Nothing was written; GET it again to see that change, or save with its current ETag (or without If-Match) to replace it.',
    extensions: { etag: revisionEtag(revision), updatedAt: updatedAt.toISOString(), updatedBy },
  });
}

/** Run a conditional save of template `uid`, turning a StaleTemplateRevisionError into its 412 problem (as withQuotaProblem does for credits). */
export async function withRevisionProblem<T>(uid: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    throw error instanceof StaleTemplateRevisionError ? staleRevisionProblem(uid, error) : error;
  }
}
