export { createCompletionApp } from './completion-app/completion-app';
