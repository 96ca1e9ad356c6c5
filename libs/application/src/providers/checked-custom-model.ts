import {
  CUSTOM_MODEL_NAME_MAX_LENGTH, DomainError, type InputRule, type InputViolation, MATCH_PATTERN_MAX_LENGTH, MAX_PRICE_PER_MTOK, type TokenPrices,
} from '@crucible/domain';
import { matchPatternProblem } from './match-pattern';

export interface CustomModelFields {
  name?: string;
  inputPricePerMtok?: number;
  outputPricePerMtok?: number;
  cachedInputPricePerMtok?: number | null;
  matchPattern?: string | null;
}

const priceProblem = (value: number | null | undefined): string | null => {
  if (value === undefined || value === null) return null;
  if (!Number.isFinite(value) || value < 0) return 'must be a price of 0 or more (USD per million tokens)';
  return value > MAX_PRICE_PER_MTOK ? `must be at most ${MAX_PRICE_PER_MTOK} USD per million tokens` : null;
};

/** Checks what a create or an update sends: every problem named by its wire field, or nothing is stored. */
export function checkCustomModelFields(fields: CustomModelFields): void {
  const violations: InputViolation[] = [];
  const refuse = (field: string, reason: string, rule: InputRule = 'invalid_value') => violations.push({ field: [field], reason, rule });
  if (fields.name !== undefined) {
    if (fields.name.trim() === '') refuse('name', 'must not be empty');
    else if (fields.name.length > CUSTOM_MODEL_NAME_MAX_LENGTH) refuse('name', `at most ${CUSTOM_MODEL_NAME_MAX_LENGTH} characters`, 'text_too_long');
  }
  const prices: Array<[string, number | null | undefined]> = [
    ['input_price_per_mtok', fields.inputPricePerMtok], ['output_price_per_mtok', fields.outputPricePerMtok],
    ['cached_input_price_per_mtok', fields.cachedInputPricePerMtok],
  ];
  for (const [field, value] of prices) {
    const problem = priceProblem(value);
    if (problem) refuse(field, problem, value! < 0 ? 'below_minimum' : 'invalid_value');
  }
  if (fields.matchPattern) {
    if (fields.matchPattern.length > MATCH_PATTERN_MAX_LENGTH) refuse('match_pattern', `at most ${MATCH_PATTERN_MAX_LENGTH} characters`, 'text_too_long');
    else {
      const problem = matchPatternProblem(fields.matchPattern);
      if (problem) refuse('match_pattern', problem);
    }
  }
  if (violations.length > 0) throw DomainError.invalidInput(violations);
}

export const pricesOf = (fields: Required<Pick<CustomModelFields, 'inputPricePerMtok' | 'outputPricePerMtok'>> & CustomModelFields): TokenPrices => ({
  input: fields.inputPricePerMtok, output: fields.outputPricePerMtok, cachedInput: fields.cachedInputPricePerMtok ?? null,
});
