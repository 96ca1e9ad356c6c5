import type { ValidationIssue } from '@crucible/contracts';
import type { InputRule, InputViolation, WorkflowServiceRule } from '@crucible/domain';

/** The part of a request a field arrived in: where a 422 item's `loc` starts. */
export type RequestPart = 'body' | 'query' | 'path' | 'header';

/** Rules only the wire schemas (zod) check, beside the domain's own. */
export type WireRule = 'not_uuid' | 'pattern_mismatch' | 'not_above_minimum' | 'not_below_maximum' | 'not_a_dictionary_body';

/** Where and why a request is refused: a domain violation, or one the wire schemas found. */
export interface RequestViolation extends Omit<InputViolation, 'rule'> {
  rule: InputRule | WireRule;
}

/**
 * pydantic's name for each rule, so clients written for the seed service (FastAPI) read our 422s unchanged: the
 * api's one table of pydantic types (the validation pipe maps zod's issues to these rules).
 */
const PYDANTIC_TYPES: Record<Exclude<InputRule, WorkflowServiceRule> | WireRule, string> = {
  required: 'missing',
  not_text: 'string_type',
  not_integer: 'int_type',
  unparsable_integer: 'int_parsing',
  not_number: 'float_type',
  not_boolean: 'bool_type',
  not_list: 'list_type',
  not_object: 'dict_type',
  not_scalar: 'scalar_type',
  not_a_choice: 'literal_error',
  unknown_field: 'extra_forbidden',
  below_minimum: 'greater_than_equal',
  above_maximum: 'less_than_equal',
  text_too_short: 'string_too_short',
  text_too_long: 'string_too_long',
  too_few_items: 'too_short',
  too_many_items: 'too_long',
  ragged_row: 'ragged_row',
  unstorable_text: 'string_unstorable',
  nested_too_deep: 'too_deep',
  malformed_url: 'url_parsing',
  unsupported_url_scheme: 'url_scheme',
  malformed_json: 'json_invalid',
  invalid_value: 'value_error',
  not_uuid: 'uuid_parsing',
  pattern_mismatch: 'string_pattern_mismatch',
  not_above_minimum: 'greater_than',
  not_below_maximum: 'less_than',
  not_a_dictionary_body: 'model_attributes_type',
};

const SERVICE_RULE = 'service:';
/** A workflow service already speaks pydantic: its rule names pass through as it wrote them. */
const isServiceRule = (rule: RequestViolation['rule']): rule is WorkflowServiceRule => rule.startsWith(SERVICE_RULE);

/** One violation as a FastAPI/pydantic 422 item, its `loc` starting at the part of the request the field arrived in. */
export function presentViolation({ field, reason, rule }: RequestViolation, part: RequestPart): ValidationIssue {
  return {
    loc: [part, ...field],
    msg: reason,
    type: isServiceRule(rule) ? rule.slice(SERVICE_RULE.length) : PYDANTIC_TYPES[rule],
  };
}
