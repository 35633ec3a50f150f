/**
 * Rate limits count in fixed clock minutes (libs/db plan-limits). A test that expects exact counts must run
 * its burst inside one window: on a loaded CI machine a burst begun late in a minute lands partly in the
 * next one, and the request that should be refused is counted afresh.
 */

const MINUTE_MS = 60_000;

/** Waits for the next minute unless at most `latestMs` of this one have passed (35 s: room for a slow burst). */
export async function earlyInMinute(latestMs = 35_000): Promise<void> {
  const intoMinute = Date.now() % MINUTE_MS;
  // 250 ms past the boundary: the server's clock reads the new minute too.
  if (intoMinute > latestMs) await new Promise((resolve) => setTimeout(resolve, MINUTE_MS - intoMinute + 250));
}

/** Waits for a fresh minute: for a burst that needs most of a minute on a slow machine. */
export function startOfMinute(): Promise<void> {
  return earlyInMinute(1_000);
}
