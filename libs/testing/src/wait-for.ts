/**
 * Waits until `probe` gives a truthy value and returns it, looking again every `everyMs` (20 ms), and fails with
 * `what` after `timeoutMs`. Tests wait for a condition, never for a fixed time: a sleep long enough on a quiet
 * machine is too short under CI's load.
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  what: string,
  timeoutMs = 30_000,
  { everyMs = 20 }: { everyMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
