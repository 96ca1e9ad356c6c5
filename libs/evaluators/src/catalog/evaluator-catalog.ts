import {
  caseSensitiveSetting,
  correctAnswerKeySetting,
  DEFAULT_CRITIQUE_PROMPT,
  DEFAULT_CUSTOM_CODE,
  DEFAULT_EMBEDDING_MODEL,
  flag,
  requiredString,
  connectionSetting,
} from './catalog-defaults';
import type { EvaluatorDescriptor } from './setting-template';
import { TOOL_ARGUMENT_MATCHES } from '../builtins/tool-call-match.evaluator';
import { contextsColumnSetting, contextsPathSetting, judgeModelSetting, questionColumnSetting } from './judge-settings';
import { CRITIQUE_PRESETS } from '../judges/critique-presets';

const substringsSetting = {
  key: 'substrings',
  label: 'Substrings',
  type: 'string_list',
  required: true,
  ground_truth_column: false,
  description: 'A list of substrings, or one comma-separated string.',
} as const;

const catalog = [
  {
    key: 'auto_exact_match',
    name: 'Exact Match',
    description: 'True when the output equals the expected answer exactly.',
    requires_llm: false,
    settings_template: [correctAnswerKeySetting],
  },
  {
    key: 'auto_contains',
    name: 'Contains',
    description: 'True when the output contains the substring.',
    requires_llm: false,
    settings_template: [requiredString('substring', 'Substring', 'Text the output must contain.'), caseSensitiveSetting],
  },
  {
    key: 'auto_starts_with',
    name: 'Starts With',
    description: 'True when the output starts with the prefix.',
    requires_llm: false,
    settings_template: [requiredString('prefix', 'Prefix', 'Text the output must start with.'), caseSensitiveSetting],
  },
  {
    key: 'auto_ends_with',
    name: 'Ends With',
    description: 'True when the output ends with the suffix.',
    requires_llm: false,
    settings_template: [requiredString('suffix', 'Suffix', 'Text the output must end with.'), caseSensitiveSetting],
  },
  {
    key: 'auto_contains_any',
    name: 'Contains Any',
    description: 'True when the output contains at least one of the substrings.',
    requires_llm: false,
    settings_template: [substringsSetting, caseSensitiveSetting],
  },
  {
    key: 'auto_contains_all',
    name: 'Contains All',
    description: 'True when the output contains every one of the substrings.',
    requires_llm: false,
    settings_template: [substringsSetting, caseSensitiveSetting],
  },
  {
    key: 'auto_regex_test',
    name: 'Regex Test',
    description: 'True when the output matches (or, if configured, does not match) a regular expression.',
    requires_llm: false,
    settings_template: [
      requiredString('regex_pattern', 'Regex pattern', 'JavaScript regular expression searched anywhere in the output.'),
      flag('regex_should_match', 'Output should match', true, 'When false, outputs that do NOT match pass.'),
    ],
  },
  {
    key: 'auto_contains_json',
    name: 'Contains JSON',
    description: 'True when the output holds a JSON object or array.',
    requires_llm: false,
    settings_template: [],
  },
  {
    key: 'field_match_test',
    name: 'JSON Field Match',
    description: 'True when a field of the JSON output equals the expected answer.',
    requires_llm: false,
    settings_template: [
      requiredString('json_field', 'JSON field', 'Field of the output to compare; a dotted path reaches nested fields.'),
      correctAnswerKeySetting,
    ],
  },
  {
    key: 'auto_json_diff',
    name: 'JSON Diff',
    description: 'Share (0 to 1) of the expected JSON fields the output reproduces, compared recursively.',
    requires_llm: false,
    settings_template: [
      flag('compare_schema_only', 'Compare schema only', false, 'Compare only the keys and value types, not the values.'),
      flag('predict_keys', 'Include keys of the output', false, 'Also count keys the output has and the expected answer lacks.'),
      flag('case_insensitive_keys', 'Case-insensitive keys', false, 'Treat keys differing only in case as the same key.'),
      correctAnswerKeySetting,
    ],
  },
  {
    key: 'auto_levenshtein_distance',
    name: 'Levenshtein Distance',
    description:
      'Edit distance between the output and the expected answer; with a threshold, true when the distance is at most ' +
      'the threshold.',
    requires_llm: false,
    settings_template: [
      {
        key: 'threshold',
        label: 'Threshold',
        type: 'number',
        min: 0,
        required: false,
        ground_truth_column: false,
        description: 'Maximum distance counted as a pass. Leave empty to get the distance itself.',
      },
      correctAnswerKeySetting,
    ],
  },
  {
    key: 'auto_similarity_match',
    name: 'Similarity Match',
    description: 'True when the Jaccard similarity of the words of output and expected answer reaches the threshold.',
    requires_llm: false,
    settings_template: [
      {
        key: 'similarity_threshold',
        label: 'Similarity threshold',
        type: 'number',
        default: 0.5,
        min: 0,
        max: 1,
        required: false,
        ground_truth_column: false,
        description: 'Minimum share of common words (0 to 1).',
      },
      correctAnswerKeySetting,
    ],
  },
  {
    key: 'auto_semantic_similarity',
    name: 'Semantic Similarity',
    description: 'Cosine similarity of the embeddings of the output and the expected answer.',
    requires_llm: true,
    settings_template: [
      connectionSetting,
      {
        key: 'model',
        label: 'Embedding model',
        type: 'string',
        default: DEFAULT_EMBEDDING_MODEL,
        options_from: 'models',
        required: false,
        ground_truth_column: false,
        description: "An embedding model's catalog id (openai/text-embedding-3-small); a bare name goes to the OPENAI_* connection.",
      },
      correctAnswerKeySetting,
    ],
  },
  {
    key: 'auto_ai_critique',
    name: 'LLM-as-a-judge',
    description:
      'An LLM grades the output. A preset (correctness, hallucination, relevance, conciseness, helpfulness, safety) or ' +
      'your rubric (custom) answers {score, reasoning} through structured output, score 0 to 1; the template preset ' +
      'sends your prompt template and reads the first number of the reply.',
    requires_llm: true,
    settings_template: [
      {
        key: 'preset',
        label: 'Preset',
        type: 'choice',
        choices: CRITIQUE_PRESETS,
        default: 'template',
        required: false,
        ground_truth_column: false,
        description:
          'What the judge grades, each with its prompt (docs/evaluations.md); correctness needs the expected answer, ' +
          'custom needs a rubric. template: your prompt template, scored by the first number of the reply.',
      },
      {
        key: 'rubric',
        label: 'Rubric (custom preset)',
        type: 'text',
        required: false,
        ground_truth_column: false,
        description: 'What a good output is, for the custom preset; the judge scores it from 0 (fails) to 1 (meets it fully).',
      },
      {
        key: 'prompt_template',
        label: 'Prompt template (template preset)',
        type: 'text',
        default: DEFAULT_CRITIQUE_PROMPT,
        required: false,
        ground_truth_column: false,
        description:
          'Placeholders: {prediction} (the output), {ground_truth} (the expected answer), {inputs} (the row as JSON) ' +
          'and any test-set column as {column_name}.',
      },
      questionColumnSetting,
      connectionSetting,
      judgeModelSetting,
      correctAnswerKeySetting,
    ],
  },
  {
    key: 'auto_custom_code_run',
    name: 'Custom Code',
    description:
      'Your JavaScript function evaluate(app_params, inputs, output, correct_answer) returns the score, run in a sandbox.',
    requires_llm: false,
    settings_template: [
      {
        key: 'code',
        label: 'Evaluation code',
        type: 'code',
        default: DEFAULT_CUSTOM_CODE,
        required: false,
        ground_truth_column: false,
        description:
          'JavaScript defining function evaluate(app_params, inputs, output, correct_answer) that returns a number ' +
          '(or a promise of one). No modules, network, file system or timers.',
      },
      correctAnswerKeySetting,
    ],
  },
  {
    key: 'auto_webhook_test',
    name: 'Webhook',
    description: 'POSTs {inputs, output, correct_answer} to your URL, which answers {"score": <0 to 1>}.',
    requires_llm: false,
    settings_template: [requiredString('webhook_url', 'Webhook URL', 'http(s) URL receiving the POST.'), correctAnswerKeySetting],
  },
  {
    key: 'tool_call_match',
    name: 'Tool Call Match',
    description:
      "True when one of the output's tool calls has the expected name and arguments: equal, containing the expected " +
      'ones, or valid against a JSON Schema.',
    requires_llm: false,
    settings_template: [
      {
        key: 'arguments_match',
        label: 'Arguments match',
        type: 'choice',
        choices: TOOL_ARGUMENT_MATCHES,
        default: 'exact',
        required: false,
        ground_truth_column: false,
        description:
          'exact: the arguments equal the expected ones; subset: they hold every expected argument (others allowed); ' +
          'schema: they are valid against the arguments schema.',
      },
      {
        key: 'expected_tool_name',
        label: 'Expected tool name',
        type: 'string',
        required: false,
        ground_truth_column: false,
        description: 'The tool the output must call. Empty: the name in the expected-answer column.',
      },
      {
        key: 'expected_arguments',
        label: 'Expected arguments',
        type: 'text',
        required: false,
        ground_truth_column: false,
        description: 'A JSON object. Empty: the arguments in the expected-answer column; when neither gives any, only the name is checked.',
      },
      {
        key: 'arguments_schema',
        label: 'Arguments schema',
        type: 'text',
        required: false,
        ground_truth_column: false,
        description: 'A JSON Schema the arguments must satisfy (arguments match "schema").',
      },
      {
        ...correctAnswerKeySetting,
        description:
          'Test-set column holding the expected call as JSON {"name": ..., "arguments": {...}} (OpenAI\'s tool-call shape ' +
          "works too) or just the tool name. Defaults to the evaluation's correct_answer_column, else correct_answer.",
      },
    ],
  },
  {
    key: 'tool_trajectory',
    name: 'Tool Trajectory',
    description: "True when the tools called (the trace's tool spans, in the order they started) follow the expected sequence.",
    requires_llm: false,
    settings_template: [
      {
        key: 'expected_tools',
        label: 'Expected tools',
        type: 'string_list',
        required: false,
        ground_truth_column: false,
        description: 'Tool names in the expected order. Empty: the expected-answer column (a JSON list or comma-separated names).',
      },
      flag('in_order', 'In order', true, 'When false, the tools may be called in any order.'),
      flag('allow_extra', 'Allow extra calls', false, 'When true, calls to other tools (or repeated calls) may come between the expected ones.'),
      correctAnswerKeySetting,
    ],
  },
  {
    key: 'rag_faithfulness',
    name: 'RAG Faithfulness',
    description: 'An LLM judge: the share (0 to 1) of the claims of the output that the retrieved contexts support.',
    requires_llm: true,
    settings_template: [contextsColumnSetting, contextsPathSetting, connectionSetting, judgeModelSetting],
  },
  {
    key: 'rag_context_relevance',
    name: 'RAG Context Relevance',
    description: 'An LLM judge: how much (0 to 1) of the retrieved contexts bears on the question.',
    requires_llm: true,
    settings_template: [contextsColumnSetting, contextsPathSetting, questionColumnSetting, connectionSetting, judgeModelSetting],
  },
  {
    key: 'rag_answer_relevance',
    name: 'RAG Answer Relevance',
    description: 'An LLM judge: how directly and fully (0 to 1) the output answers the question.',
    requires_llm: true,
    settings_template: [questionColumnSetting, connectionSetting, judgeModelSetting],
  },
] as const satisfies readonly EvaluatorDescriptor[];

export type EvaluatorKey = (typeof catalog)[number]['key'];

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
}

/** Every built-in evaluator and its settings form, served as-is by GET /evaluators. */
export const EVALUATOR_CATALOG: readonly EvaluatorDescriptor[] = deepFreeze(structuredClone(catalog));

export const EVALUATOR_KEYS: readonly EvaluatorKey[] = catalog.map((entry) => entry.key);

export const isEvaluatorKey = (key: unknown): key is EvaluatorKey =>
  typeof key === 'string' && (EVALUATOR_KEYS as readonly string[]).includes(key);

export const findEvaluatorDescriptor = (key: string): EvaluatorDescriptor | undefined =>
  EVALUATOR_CATALOG.find((descriptor) => descriptor.key === key);
