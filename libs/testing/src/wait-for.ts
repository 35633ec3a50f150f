/**
 * Waits until `probe` holds, looking again every 20 ms, and fails with `what` after `timeoutMs`. Tests wait for
 * a condition, never for a fixed time: a sleep long enough on a quiet machine is too short under CI's load.
 */
export async function waitFor(probe: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
