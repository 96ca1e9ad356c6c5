import { DEFAULT_JUDGE_MODEL } from './catalog-defaults';
import type { SettingTemplate } from './setting-template';

export const judgeModelSetting: SettingTemplate = {
  key: 'model',
  label: 'Judge model',
  type: 'string',
  default: DEFAULT_JUDGE_MODEL,
  options_from: 'models',
  required: false,
  ground_truth_column: false,
  description: "The model that grades: a catalog id (anthropic/claude-3-5-haiku-latest) or '<connection name>/<model>'; a bare name goes to the OPENAI_* connection.",
};

export const questionColumnSetting: SettingTemplate = {
  key: 'question_column',
  label: 'Question column',
  type: 'string',
  required: false,
  ground_truth_column: false,
  description: "Test-set column holding the question; empty: every column but the expected answer's and the contexts', one 'column: value' line each.",
};

export const contextsColumnSetting: SettingTemplate = {
  key: 'contexts_column',
  label: 'Contexts column',
  type: 'string',
  required: false,
  ground_truth_column: false,
  description: 'Test-set column holding the retrieved passages: a text, or a JSON list of texts or documents. Give this or a contexts path.',
};

export const contextsPathSetting: SettingTemplate = {
  key: 'contexts_path',
  label: 'Contexts span path',
  type: 'string',
  required: false,
  ground_truth_column: false,
  description:
    "Where the invocation's trace holds the retrieved passages: '<span name>.<inputs|outputs|attributes>[.<key>|.<index>|.*]…', " +
    "e.g. 'retriever.outputs.documents'. Give this or a contexts column.",
};
