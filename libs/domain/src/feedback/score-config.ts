import { DomainError } from '../shared/domain-error';
import type { InputRule } from '../shared/input-violation';

/** What a score measures (ARCHITECTURE §18): a number within bounds, one of labelled values, yes or no, or free text. */
export type ScoreDataType = 'numeric' | 'categorical' | 'boolean' | 'text';
export const SCORE_DATA_TYPES: readonly ScoreDataType[] = ['numeric', 'categorical', 'boolean', 'text'];

export interface ScoreCategory {
  label: string;
  value: number;
}

/** A project's definition of one score; archived configs stay on the scores they have but take no new ones. */
export interface ScoreConfig {
  id: string;
  projectId: string;
  name: string;
  dataType: ScoreDataType;
  /** Numeric only; null: unbounded on that side. */
  min: number | null;
  max: number | null;
  /** Categorical only. */
  categories: ScoreCategory[] | null;
  description: string | null;
  archived: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** The name of the API key that created it. */
  createdBy: string;
}

export const MAX_SCORE_NAME_LENGTH = 100;
export const MAX_SCORE_DESCRIPTION_LENGTH = 2000;
export const MAX_SCORE_CATEGORIES = 100;

export interface NewScoreConfig {
  name: string;
  dataType: ScoreDataType;
  min?: number | null;
  max?: number | null;
  categories?: ScoreCategory[] | null;
  description?: string | null;
}

const refuse = (field: Array<string | number>, reason: string, rule: InputRule): DomainError =>
  DomainError.invalidInput([{ field, reason, rule }]);

/** A score's name (of a config or of a score without one): trimmed, 1–100 characters. */
export function checkedScoreName(name: string, field = 'name'): string {
  const trimmed = name.trim();
  if (trimmed === '') throw refuse([field], 'must not be empty', 'text_too_short');
  if (trimmed.length > MAX_SCORE_NAME_LENGTH) throw refuse([field], `must be at most ${MAX_SCORE_NAME_LENGTH} characters`, 'text_too_long');
  return trimmed;
}

/** Bounds belong to numeric configs and categories to categorical ones; anything else given is refused by name. */
export function checkedScoreConfig(input: NewScoreConfig): Pick<ScoreConfig, 'name' | 'dataType' | 'min' | 'max' | 'categories' | 'description'> {
  const name = checkedScoreName(input.name);
  const min = input.min ?? null;
  const max = input.max ?? null;
  const categories = input.categories ?? null;
  if (input.dataType !== 'numeric') {
    if (min !== null) throw refuse(['min'], `only numeric score configs have bounds; this one is ${input.dataType}`, 'invalid_value');
    if (max !== null) throw refuse(['max'], `only numeric score configs have bounds; this one is ${input.dataType}`, 'invalid_value');
  }
  if (min !== null && max !== null && min >= max) throw refuse(['max'], `must be greater than min (${min})`, 'below_minimum');
  if (input.dataType === 'categorical') {
    if (!categories || categories.length === 0) throw refuse(['categories'], 'a categorical score config needs at least one category', 'too_few_items');
    if (categories.length > MAX_SCORE_CATEGORIES) throw refuse(['categories'], `at most ${MAX_SCORE_CATEGORIES} categories`, 'too_many_items');
    checkCategories(categories);
  } else if (categories !== null) {
    throw refuse(['categories'], `only categorical score configs have categories; this one is ${input.dataType}`, 'invalid_value');
  }
  const description = input.description?.trim() || null;
  if (description && description.length > MAX_SCORE_DESCRIPTION_LENGTH) {
    throw refuse(['description'], `must be at most ${MAX_SCORE_DESCRIPTION_LENGTH} characters`, 'text_too_long');
  }
  return {
    name, dataType: input.dataType, min, max, description,
    categories: categories?.map((category) => ({ label: category.label.trim(), value: category.value })) ?? null,
  };
}

function checkCategories(categories: ScoreCategory[]): void {
  const labels = new Set<string>();
  const values = new Set<number>();
  categories.forEach((category, i) => {
    const label = category.label.trim();
    if (label === '') throw refuse(['categories', i, 'label'], 'must not be empty', 'text_too_short');
    if (label.length > MAX_SCORE_NAME_LENGTH) throw refuse(['categories', i, 'label'], `must be at most ${MAX_SCORE_NAME_LENGTH} characters`, 'text_too_long');
    if (labels.has(label)) throw refuse(['categories', i, 'label'], `"${label}" is already a category`, 'invalid_value');
    if (values.has(category.value)) throw refuse(['categories', i, 'value'], `${category.value} is already the value of another category`, 'invalid_value');
    labels.add(label);
    values.add(category.value);
  });
}
