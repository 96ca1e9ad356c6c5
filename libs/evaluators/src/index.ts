export * from './evaluator';
export * from './evaluator-runner';
export * from './catalog/setting-template';
export * from './catalog/evaluator-catalog';
export * from './settings/validate-evaluator-settings';
export * from './settings/ground-truth-column';
export * from './builtin-evaluator.service';
