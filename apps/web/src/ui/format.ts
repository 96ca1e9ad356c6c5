/** Dates as the person's locale writes them; the ISO string stays in the title for precision. */
export const formatTime = (iso: string): string => new Date(iso).toLocaleString();

export const formatValue = (value: unknown): string =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

export const formatCost = (usd: number): string => `$${usd < 0.01 ? usd.toPrecision(2) : usd.toFixed(4)}`;

export const formatMs = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
