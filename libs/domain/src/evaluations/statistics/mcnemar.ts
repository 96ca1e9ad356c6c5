/**
 * Exact McNemar test: of the `n = onlyBaseline + onlyCandidate` discordant pairs, how unlikely is a split
 * at least this uneven if either side were equally likely (Binomial(n, ½)), two-sided.
 */
export function exactMcNemarPValue(onlyBaseline: number, onlyCandidate: number): number {
  const n = onlyBaseline + onlyCandidate;
  if (n === 0) return 1;
  const k = Math.min(onlyBaseline, onlyCandidate);
  // Sum the binomial tail in log space: 0.5^n underflows past n ≈ 1074.
  let logChoose = 0;
  let tail = 0;
  for (let i = 0; i <= k; i += 1) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(logChoose - n * Math.LN2);
  }
  return Math.min(1, 2 * tail);
}
