/**
 * The rules an input can break, named for what is wrong with it. Each inbound adapter words them in its own
 * protocol (HTTP: pydantic's `type` strings, ARCHITECTURE §3).
 */
export type InputRule =
  | 'required'
  | 'not_text'
  | 'not_integer'
  | 'unparsable_integer'
  | 'not_number'
  | 'not_boolean'
  | 'not_list'
  | 'not_object'
  | 'not_scalar'
  | 'not_a_choice'
  | 'unknown_field'
  | 'below_minimum'
  | 'above_maximum'
  | 'text_too_short'
  | 'text_too_long'
  | 'too_few_items'
  | 'too_many_items'
  | 'ragged_row'
  | 'unstorable_text'
  | 'nested_too_deep'
  | 'malformed_url'
  | 'unsupported_url_scheme'
  | 'malformed_json'
  | 'invalid_value'
  | WorkflowServiceRule;

/** A rule a workflow service checked and named itself: the playground passes its refusal on as the service named it. */
export type WorkflowServiceRule = `service:${string}`;

/** Where and why an input breaks a rule. */
export interface InputViolation {
  /** Path of the offending value in what the caller sent (`['rate_limit', 'batch_size']`, `['rows', 3, 'q']`); empty: the whole input. */
  field: Array<string | number>;
  /** For the person who sent it: what is wrong, often with what would be right. */
  reason: string;
  rule: InputRule;
}
