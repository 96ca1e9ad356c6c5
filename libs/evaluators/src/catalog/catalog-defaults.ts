import type { SettingTemplate } from './setting-template';

export const DEFAULT_JUDGE_MODEL = 'gpt-4o-mini';
export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

export const DEFAULT_CRITIQUE_PROMPT = [
  'Evaluate the output of an LLM application on a scale from 0 (very bad) to 10 (very good).',
  'Inputs: {inputs}',
  'Expected answer: {ground_truth}',
  'Output to evaluate: {prediction}',
  '',
  'Answer ONLY with the number.',
].join('\n');

export const DEFAULT_CUSTOM_CODE = [
  '// Return a number, usually between 0 and 1.',
  'function evaluate(app_params, inputs, output, correct_answer) {',
  '  return String(output).trim() === String(correct_answer).trim() ? 1 : 0;',
  '}',
].join('\n');

/** Which of the project's provider connections serves an LLM evaluator's calls. */
export const connectionSetting: SettingTemplate = {
  key: 'connection_id',
  label: 'Connection',
  type: 'string',
  options_from: 'provider_connections',
  required: false,
  ground_truth_column: false,
  description: "The provider connection that serves the model; empty: the project's first connection of the model's provider.",
};

export const correctAnswerKeySetting: SettingTemplate = {
  key: 'correct_answer_key',
  label: 'Expected answer column',
  type: 'string',
  required: false,
  ground_truth_column: true,
  description:
    "Test-set column holding the expected answer. Defaults to the evaluation's correct_answer_column, else correct_answer.",
};

export const caseSensitiveSetting: SettingTemplate = {
  key: 'case_sensitive',
  label: 'Case sensitive',
  type: 'boolean',
  default: true,
  required: false,
  ground_truth_column: false,
  description: 'When false, upper and lower case letters are treated as equal.',
};

export const requiredString = (key: string, label: string, description: string): SettingTemplate => ({
  key,
  label,
  type: 'string',
  required: true,
  ground_truth_column: false,
  description,
});

export const flag = (key: string, label: string, defaultValue: boolean, description: string): SettingTemplate => ({
  key,
  label,
  type: 'boolean',
  default: defaultValue,
  required: false,
  ground_truth_column: false,
  description,
});
