/** Issue types in the style of pydantic, so the api can answer 422 like the rest of the service. */
export type SettingsIssueType =
  | 'missing'
  | 'string_type'
  | 'float_type'
  | 'int_type'
  | 'bool_type'
  | 'list_type'
  | 'dict_type'
  | 'greater_than_equal'
  | 'less_than_equal'
  | 'literal_error'
  | 'extra_forbidden'
  | 'value_error';

export interface SettingsIssue {
  /** Path of the offending value, e.g. ['settings_values', 'threshold'] or ['evaluator_key']. */
  loc: string[];
  msg: string;
  type: SettingsIssueType;
}

export type SettingsValidation =
  | { ok: true; settings: Record<string, unknown> }
  | { ok: false; issues: SettingsIssue[] };

export const valueError = (loc: string[], reason: string): SettingsIssue => ({
  loc,
  msg: `Value error, ${reason}`,
  type: 'value_error',
});
