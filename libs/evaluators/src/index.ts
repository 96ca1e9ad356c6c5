export * from './evaluator';
export * from './evaluator-runner';
export * from './catalog/setting-template';
export * from './catalog/evaluator-catalog';
export {
  DEFAULT_JUDGE_MODEL,
  DEFAULT_EMBEDDING_MODEL,
  DEFAULT_CRITIQUE_PROMPT,
  DEFAULT_CUSTOM_CODE,
} from './catalog/catalog-defaults';
export * from './settings/validate-evaluator-settings';
export * from './settings/ground-truth-column';
export { CUSTOM_CODE_LIMITS } from './builtins/custom-code.evaluator';
export { WEBHOOK_TIMEOUT_MS } from './builtins/webhook.evaluator';
export * from './builtin-evaluator.service';
