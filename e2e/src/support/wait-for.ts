/** Polls until `check` answers a value, or fails after `timeoutMs` with the last thing it saw. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
