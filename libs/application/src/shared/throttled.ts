/**
 * Lets `say` through at most once per `everyMs`: an outage fails every round of a loop, and one line a while says
 * so as well as a thousand.
 */
export function throttled(everyMs: number, say: (message: string) => void): (message: string) => void {
  let lastSaidAt = Number.NEGATIVE_INFINITY;
  return (message) => {
    const now = Date.now();
    if (now - lastSaidAt < everyMs) return;
    lastSaidAt = now;
    say(message);
  };
}
