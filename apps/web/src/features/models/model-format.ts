/** USD per million tokens as a price list writes it: "$0.15", "$15", "—" when unknown. */
export const formatPricePerMtok = (usd: number | null): string =>
  typeof usd !== 'number' ? '—' : `$${usd >= 100 ? usd.toFixed(0) : Number(usd.toPrecision(4)).toString()}`;

/** 128000 → "128K", 1048576 → "1M" (the rounded size people quote). */
export function formatTokens(tokens: number | null): string {
  if (tokens === null) return '—';
  if (tokens >= 1_000_000) return `${Number((tokens / 1_048_576).toFixed(1))}M`;
  if (tokens >= 1_000) return `${Math.round(tokens / 1_000)}K`;
  return String(tokens);
}
