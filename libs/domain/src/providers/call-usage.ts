/** Tokens of one model call, as the provider reported them; `cachedInput` is part of `input`. */
export interface CallUsage {
  input: number;
  output: number;
  cachedInput?: number;
}
