import type { DataSource, SourceCredentials } from '@pressroom/contracts';
import { fetchSource, listPaths, SourceFetchError } from '@pressroom/bindings';
import { ProblemError } from '@pressroom/problem';
import type { SsrfGuard } from '@pressroom/ssrf';

export interface SourceLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * Fetch a data source once and describe it: every path a mapping can use,
 * with type and sample. A source that fails is a 422 data-source-failed whose
 * `code` is the errorCode a refresh would report.
 */
export async function describeSource(guard: SsrfGuard, source: DataSource, credentials: SourceCredentials | null, limits: SourceLimits) {
  try {
    const fetched = await fetchSource(guard, source, credentials, { maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs });
    if (fetched.kind !== 'data') throw new SourceFetchError('HTTP_ERROR', 'The data source answered 304 to an unconditional request.');
    const { paths, truncated } = listPaths(fetched.data);
    return {
      data: fetched.data,
      summary: { ok: true as const, status: fetched.status, etag: fetched.etag, bytes: fetched.bytes, paths, truncated },
    };
  } catch (error) {
    if (error instanceof SourceFetchError) {
      throw new ProblemError(error.code === 'BLOCKED_URL' ? 'blocked-url' : 'data-source-failed', {
        detail: error.message,
        code: error.code,
      });
    }
    throw error;
  }
}
