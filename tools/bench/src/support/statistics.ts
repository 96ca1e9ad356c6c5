/** The value `p` per cent of `values` are at or below (nearest rank); `percentile(values, 50)` is their median. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
