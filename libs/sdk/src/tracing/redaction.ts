export type RedactField = 'inputs' | 'outputs';
/** Rewrites a span's inputs or outputs before the trace leaves the process. */
export type RedactFunction = (name: string, field: RedactField, data: unknown) => unknown;

export const REDACTION_FAILED = '[redacted: redaction failed]';

export interface RedactionPolicy {
  /** Applied in order: the span's own function first, then the one given to init. */
  functions: RedactFunction[];
  /** true: a failing redaction drops the data; false: keeps it raw and warns. */
  redactOnError: boolean;
  warn: (message: string) => void;
}

export function redactValue(name: string, field: RedactField, data: unknown, policy: RedactionPolicy): unknown {
  let current = data;
  for (const redact of policy.functions) {
    try {
      current = redact(name, field, current);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (policy.redactOnError) return REDACTION_FAILED;
      policy.warn(`crucible: redaction of ${field} of span "${name}" failed (${reason}); keeping the data unredacted`);
      return data;
    }
  }
  return current;
}
