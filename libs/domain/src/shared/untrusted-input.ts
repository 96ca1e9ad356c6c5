import { DomainError } from './domain-error';
import type { InputViolation } from './input-violation';

/** JSON deeper than this is refused (ARCHITECTURE §12): recursive code further on would overflow the stack. */
export const MAX_JSON_DEPTH = 64;

/** NUL cannot be stored in PostgreSQL text or jsonb; a lone surrogate cannot be stored in jsonb either. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const UNSTORABLE_TEXT_EVERYWHERE = new RegExp(UNSTORABLE_TEXT.source, 'g');

/**
 * Foreign text kept as it came but storable: each NUL byte and unpaired surrogate (a cut emoji, say) becomes U+FFFD.
 * For text we store about something that failed; what a client sends is refused instead (findUntrustedInput).
 */
export function storableText(text: string): string {
  return UNSTORABLE_TEXT.test(text) ? text.replace(UNSTORABLE_TEXT_EVERYWHERE, '\ufffd') : text;
}

function textProblem(text: string): string | undefined {
  const found = UNSTORABLE_TEXT.exec(text);
  if (!found) return undefined;
  return found[0] === '\u0000' ? 'text must not contain NUL bytes (\\u0000)' : 'text must not contain unpaired UTF-16 surrogates';
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
  depth: number;
}

/** The field of a visit, rebuilt only when there is something to report (bodies may hold millions of values). */
function fieldOf(visit: Visit, root: Array<string | number>, extra: Array<string | number> = []): Array<string | number> {
  const path: Array<string | number> = [...extra];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return [...root, ...path];
}

/**
 * The first thing in a client's value that nothing further on may be trusted to handle: a NUL byte or unpaired
 * surrogate in any string or key, or nesting deeper than MAX_JSON_DEPTH. Walks with an explicit stack, so a
 * 100 000-deep value is measured without recursion.
 */
export function findUntrustedInput(value: unknown, field: Array<string | number> = []): InputViolation | undefined {
  const root: Visit = { value, key: null, parent: null, depth: 0 };
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? textViolation(problem, root, field) : undefined;
  }
  const pending: Visit[] = [root];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    if (typeof visit.value !== 'object' || visit.value === null) continue;
    const depth = visit.depth + 1;
    if (depth > MAX_JSON_DEPTH) {
      return { field: fieldOf(visit, field), reason: `nesting deeper than ${MAX_JSON_DEPTH} levels is not accepted`, rule: 'nested_too_deep' };
    }
    // Strings are checked where they are met and only objects are queued: a runner checks every answer it stores.
    if (Array.isArray(visit.value)) {
      for (let index = 0; index < visit.value.length; index += 1) {
        const violation = checkChild(visit.value[index], index, visit, pending, field);
        if (violation) return violation;
      }
      continue;
    }
    for (const key in visit.value) {
      if (!Object.hasOwn(visit.value, key)) continue;
      const keyProblem = textProblem(key);
      if (keyProblem) return { field: fieldOf(visit, field, [key]), reason: `keys must not contain ${keyProblem.replace(/^text must not contain /, '')}`, rule: 'unstorable_text' };
      const violation = checkChild((visit.value as Record<string, unknown>)[key], key, visit, pending, field);
      if (violation) return violation;
    }
  }
  return undefined;
}

function textViolation(problem: string, at: Visit, field: Array<string | number>): InputViolation {
  return { field: fieldOf(at, field), reason: problem, rule: 'unstorable_text' };
}

/** Checks a string child at once, queues an object child, and passes over anything else. */
function checkChild(child: unknown, key: string | number, parent: Visit, pending: Visit[], field: Array<string | number>): InputViolation | undefined {
  const depth = parent.depth + 1;
  if (typeof child === 'string') {
    const problem = textProblem(child);
    return problem ? textViolation(problem, { value: child, key, parent, depth }, field) : undefined;
  }
  if (typeof child === 'object' && child !== null) pending.push({ value: child, key, parent, depth });
  return undefined;
}

/** Refuses the value, naming the field, when it holds something unstorable or too deep; nothing is written. */
export function assertTrustworthyInput(value: unknown, field: Array<string | number> = []): void {
  const violation = findUntrustedInput(value, field);
  if (violation) throw DomainError.invalidInput([violation]);
}
