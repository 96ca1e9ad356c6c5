import { redactUrlsIn, storableText } from '@crucible/domain';

/** A call to a URL that a user configured (a variant's service, a webhook evaluator, a service's /openapi.json). */
export interface OutboundRequest {
  method: 'GET' | 'POST';
  /** Sent as JSON when present. */
  json?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** The caller's cancellation: the request is abandoned and its AbortError passed on as it is. */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  text: string;
}

/** The guard would not call this URL (scheme, address, own socket): retrying cannot help. */
export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

/** `broke_off`: the answer had started when the connection closed. */
export type OutboundFailureKind = 'timeout' | 'unreachable' | 'broke_off' | 'too_large' | 'redirect';

/** The call was allowed but did not produce a usable answer. */
export class OutboundFailureError extends Error {
  constructor(
    readonly kind: OutboundFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundFailureError';
  }
}

/**
 * The one way to reach a user-configured URL (ARCHITECTURE §12): http/https only, every resolved address checked,
 * the connection pinned to the checked address, no redirects, a cap on the answer's size.
 */
export abstract class OutboundGuard {
  /** Resolves and checks a URL without calling it (configuration time). Rejects with OutboundRefusedError. */
  abstract check(url: string): Promise<void>;
  /** Calls the URL. Rejects with OutboundRefusedError or OutboundFailureError; any HTTP status resolves. */
  abstract request(url: string, request: OutboundRequest): Promise<OutboundResponse>;
  /** The process's own listening socket, never a target whatever the allow-list says. */
  abstract protectListeningSocket(socket: { address: string; port: number }): void;
}

/** Read past an excerpt's end, so that a URL the cut runs through is still seen whole by the redaction. */
const REDACTION_MARGIN = 1024;

/** At most 200 characters of a body that came from elsewhere (§12): enough to diagnose, too little to exfiltrate. */
export function foreignExcerpt(text: string, max = 200): string {
  const flat = text.trim();
  if (flat === '') return '(empty body)';
  // Stored with the row it failed: storable even when the cut splits a surrogate pair.
  // A service may echo a URL with its credentials: redacted before the cut, which could split a password from its "@".
  const head = redactUrlsIn(flat.slice(0, max + REDACTION_MARGIN));
  return storableText(head.length > max || flat.length > max + REDACTION_MARGIN ? `${head.slice(0, max)}…` : head);
}
