import { APICallError, NoObjectGeneratedError, RetryError } from 'ai';
import { DomainError } from '@crucible/domain';
import { foreignExcerpt, LlmProviderError, OutboundFailureError, OutboundRefusedError } from '@crucible/application';

const BROKE_OFF = "the provider's answer broke off before its end";

/**
 * What a failed AI SDK call becomes: the provider's status and at most 200 characters of its own message, or why no
 * answer came. Our own validation (DomainError) passes through unchanged.
 */
export function providerFailure(error: unknown, what: string, timeoutMs: number, signal?: AbortSignal): Error {
  if (error instanceof DomainError) return error;
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const refusal = outboundCause(cause);
    if (refusal) return refusalFailure(refusal, what);
    // A 2xx the SDK could not read to its end: the answer started and the connection broke off.
    if (cause.statusCode !== undefined && cause.statusCode < 300) return new LlmProviderError(null, `${what}: ${BROKE_OFF}`);
    const message = providerMessage(cause.responseBody) ?? cause.message;
    const status = cause.statusCode ?? null;
    return new LlmProviderError(status, `${what}: the provider answered ${status ?? 'nothing usable'}: ${foreignExcerpt(message)}`);
  }
  if (NoObjectGeneratedError.isInstance(cause)) {
    return new LlmProviderError(null, `${what}: the answer is not JSON fitting the schema: ${foreignExcerpt(cause.text ?? '')}`);
  }
  if (signal?.aborted) return new LlmProviderError(null, `${what}: cancelled by the caller`);
  if (isAbort(cause)) return new LlmProviderError(null, `${what}: the provider did not answer within ${timeoutMs} ms`);
  const refusal = outboundCause(cause);
  if (refusal) return refusalFailure(refusal, what);
  const reason = cause instanceof Error ? cause.message : String(cause);
  // undici's word for a body whose connection closed before its end.
  if (reason === 'terminated') return new LlmProviderError(null, `${what}: ${BROKE_OFF}`);
  return new LlmProviderError(null, `${what}: ${foreignExcerpt(reason)}`);
}

/** OpenAI, Anthropic, Gemini and Mistral all answer `{error: {message}}` (Mistral also `{message}`). */
function providerMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the body itself is the message
  }
  return body;
}

/** The guard's refusal in its own words, except an answer that broke off: worded as when the SDK read it. */
function refusalFailure(refusal: Error, what: string): LlmProviderError {
  const brokeOff = refusal instanceof OutboundFailureError && refusal.kind === 'broke_off';
  return new LlmProviderError(null, `${what}: ${brokeOff ? BROKE_OFF : refusal.message}`);
}

function outboundCause(error: unknown): Error | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof OutboundRefusedError || current instanceof OutboundFailureError) return current;
  }
  return undefined;
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}
