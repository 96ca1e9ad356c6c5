export { createCompletionApp, CompletionConfig } from './completion-app/completion-app';
export { createRagPipeline } from './rag-pipeline/rag-pipeline';
export { EmbedConfig, RetrieveConfig, SummarizeConfig } from './rag-pipeline/rag-configs';
