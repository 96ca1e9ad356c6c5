export { createCompletionApp } from './completion-app/completion-app';
export { createFeedbackApp } from './feedback-app/feedback-app';
