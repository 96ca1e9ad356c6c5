import { DomainError } from '../shared/domain-error';
import type { InputRule } from '../shared/input-violation';
import type { ScoreConfig, ScoreDataType } from './score-config';

/** Who gave a score: a caller of the api, the SDK, a person working through an annotation queue, an online evaluation. */
export type ScoreSource = 'api' | 'sdk' | 'annotation' | 'online_evaluation';
export const SCORE_SOURCES: readonly ScoreSource[] = ['api', 'sdk', 'annotation', 'online_evaluation'];

/** One judgement of a trace or of one of its spans. */
export interface Score {
  id: string;
  projectId: string;
  traceId: string;
  spanId: string | null;
  name: string;
  dataType: ScoreDataType;
  /** numeric: the number; boolean: 1 or 0; categorical: the category's value; text: null. */
  value: number | null;
  /** categorical: the category's label; boolean: `true` or `false`; text: the text; numeric: null. */
  stringValue: string | null;
  comment: string | null;
  configId: string | null;
  source: ScoreSource;
  /** The API key behind it (id and name), as `modified_by` records it on revisions. */
  authorId: string | null;
  author: string | null;
  createdAt: Date;
}

export const MAX_SCORE_TEXT_LENGTH = 10_000;
export const MAX_SCORE_COMMENT_LENGTH = 10_000;

/** What a caller sends as a score's value: `value` a number (or, for boolean configs, true/false), `string_value` text. */
export interface OfferedScoreValue {
  value?: number | boolean | null;
  stringValue?: string | null;
}

/** What checking a value needs of its config. */
export type ScoreRules = Pick<ScoreConfig, 'name' | 'dataType' | 'min' | 'max' | 'categories'>;

export type CheckedScoreValue = Pick<Score, 'dataType' | 'value' | 'stringValue'>;

const refuse = (field: string, reason: string, rule: InputRule): DomainError => DomainError.invalidInput([{ field: [field], reason, rule }]);

/**
 * ARCHITECTURE §18's rules of values: numeric within its bounds; boolean 1/0 or true/false; categorical by value or
 * label, both stored; text in `string_value`. Without a config a number is numeric, true/false boolean, text text.
 */
export function checkedScoreValue(config: ScoreRules | null, offered: OfferedScoreValue): CheckedScoreValue {
  const value = offered.value ?? null;
  const text = offered.stringValue ?? null;
  if (text !== null && text.length > MAX_SCORE_TEXT_LENGTH) {
    throw refuse('string_value', `must be at most ${MAX_SCORE_TEXT_LENGTH} characters`, 'text_too_long');
  }
  if (value !== null && typeof value === 'number' && !Number.isFinite(value)) throw refuse('value', 'must be a finite number', 'not_number');
  if (!config) return unconfigured(value, text);
  const named = `score config "${config.name}"`;
  switch (config.dataType) {
    case 'numeric': return numeric(config, value, text, named);
    case 'boolean': return boolean(value, text, named);
    case 'categorical': return categorical(config, value, text, named);
    case 'text':
      if (value !== null) throw refuse('value', `${named} is text: send the text as string_value, no value`, 'invalid_value');
      if (text === null || text.trim() === '') throw refuse('string_value', `${named} is text: string_value is required`, 'required');
      return { dataType: 'text', value: null, stringValue: text };
  }
}

function unconfigured(value: number | boolean | null, text: string | null): CheckedScoreValue {
  if (typeof value === 'boolean') return { dataType: 'boolean', value: value ? 1 : 0, stringValue: String(value) };
  if (value !== null) return { dataType: 'numeric', value, stringValue: text };
  if (text === null) throw refuse('value', 'a score needs a value or a string_value', 'required');
  return { dataType: 'text', value: null, stringValue: text };
}

function numeric(config: ScoreRules, value: number | boolean | null, text: string | null, named: string): CheckedScoreValue {
  if (value === null) {
    throw text === null
      ? refuse('value', `${named} is numeric: value is required`, 'required')
      : refuse('string_value', `${named} is numeric: send a number as value, not text`, 'not_number');
  }
  if (typeof value !== 'number') throw refuse('value', `${named} is numeric: ${value} is not a number`, 'not_number');
  if (config.min !== null && value < config.min) throw refuse('value', `${value} is below the minimum ${config.min} of ${named}`, 'below_minimum');
  if (config.max !== null && value > config.max) throw refuse('value', `${value} is above the maximum ${config.max} of ${named}`, 'above_maximum');
  return { dataType: 'numeric', value, stringValue: null };
}

function boolean(value: number | boolean | null, text: string | null, named: string): CheckedScoreValue {
  if (value === null) {
    throw text === null
      ? refuse('value', `${named} is boolean: value is required (true/false or 1/0)`, 'required')
      : refuse('string_value', `${named} is boolean: "${text.slice(0, 50)}" is text; send value true/false or 1/0`, 'not_boolean');
  }
  if (value !== true && value !== false && value !== 1 && value !== 0) {
    throw refuse('value', `${named} is boolean: ${value} is neither true/false nor 1/0`, 'not_boolean');
  }
  const yes = value === true || value === 1;
  return { dataType: 'boolean', value: yes ? 1 : 0, stringValue: String(yes) };
}

function categorical(config: ScoreRules, value: number | boolean | null, text: string | null, named: string): CheckedScoreValue {
  const categories = config.categories ?? [];
  const choices = categories.map((category) => `${category.label}=${category.value}`).join(', ');
  if (typeof value === 'boolean') throw refuse('value', `${named} is categorical: ${value} is not one of its values (${choices})`, 'not_a_choice');
  const byValue = value === null ? undefined : categories.find((category) => category.value === value);
  const byLabel = text === null ? undefined : categories.find((category) => category.label === text);
  if (value !== null && !byValue) throw refuse('value', `${value} is not a category of ${named} (${choices})`, 'not_a_choice');
  if (text !== null && !byLabel) throw refuse('string_value', `"${text.slice(0, 50)}" is not a category of ${named} (${choices})`, 'not_a_choice');
  if (byValue && byLabel && byValue !== byLabel) {
    throw refuse('string_value', `"${text}" is the label of ${byLabel.value}, not of ${value} in ${named}`, 'invalid_value');
  }
  const category = byValue ?? byLabel;
  if (!category) throw refuse('value', `${named} is categorical: value or string_value is required (${choices})`, 'required');
  return { dataType: 'categorical', value: category.value, stringValue: category.label };
}

/** A config archived keeps its scores but takes no new ones (ARCHITECTURE §18). */
export function assertTakesScores(config: ScoreConfig): void {
  if (config.archived) throw new DomainError('conflict', `score config "${config.name}" (${config.id}) is archived: it takes no new scores`);
}

/** A score's comment: trimmed, empty as none, at most MAX_SCORE_COMMENT_LENGTH characters (`field` names it when refused). */
export function checkedScoreComment(comment: string | null | undefined, field: Array<string | number> = ['comment']): string | null {
  const trimmed = comment?.trim() || null;
  if (trimmed && trimmed.length > MAX_SCORE_COMMENT_LENGTH) {
    throw DomainError.invalidInput([{ field, reason: `must be at most ${MAX_SCORE_COMMENT_LENGTH} characters`, rule: 'text_too_long' }]);
  }
  return trimmed;
}
