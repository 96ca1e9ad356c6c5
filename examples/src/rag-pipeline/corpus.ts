/** A tiny built-in knowledge base, used when a request brings no documents of its own. */
export const DEFAULT_CORPUS: readonly string[] = [
  'Crucible stores variants of LLM workflows and their immutable revisions.',
  'A revision is deployed to an environment such as development, staging or production.',
  'Evaluations run revisions against a test set with configurable evaluators.',
  'Human evaluations let people vote between two variants or score one.',
  'The SDK turns workflow functions into HTTP endpoints with a typed configuration schema.',
  'Red foxes are small omnivorous mammals found across the northern hemisphere.',
];
