export { createCompletionApp } from './completion-app/completion-app';
export { createRagPipeline } from './rag-pipeline/rag-pipeline';
export { createFeedbackApp } from './feedback-app/feedback-app';
