import type { ScoreConfig } from '@crucible/client';

/** `s` skips the item, so no category answers to it. */
const RESERVED = new Set(['s']);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');

/**
 * A key per category of a categorical config: the first letter of its label when that is free, else the first free
 * letter of the alphabet (none left past 25 categories: those are picked with the mouse).
 */
export function categoryKeys(config: ScoreConfig): Array<string | null> {
  const used = new Set(RESERVED);
  return (config.categories ?? []).map((category) => {
    const initial = category.label.trim().charAt(0).toLowerCase();
    const key = LETTERS.includes(initial) && !used.has(initial) ? initial : LETTERS.find((letter) => !used.has(letter)) ?? null;
    if (key) used.add(key);
    return key;
  });
}

/** The values a numeric config offers as buttons (and digit keys): whole bounds at most 10 apart; otherwise none. */
export function numericChoices(config: ScoreConfig): number[] {
  const { min, max } = config;
  if (min === null || max === null || !Number.isInteger(min) || !Number.isInteger(max) || max - min > 9) return [];
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** One arrow press: a tenth of a bound range of 1 or less, else 1. */
export function numericStep(config: ScoreConfig): number {
  return config.min !== null && config.max !== null && config.max - config.min <= 1 ? 0.1 : 1;
}

/** `value` moved `steps` arrow presses, kept within the bounds and free of float noise. */
export function stepped(config: ScoreConfig, value: number | null, steps: number): number {
  const start = value ?? config.min ?? 0;
  const moved = Math.round((start + steps * numericStep(config)) * 1000) / 1000;
  return Math.min(config.max ?? Infinity, Math.max(config.min ?? -Infinity, moved));
}
