import { WebhookClient } from '@crucible/application';

const EXCERPT_LENGTH = 300;

export class WebhookError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WebhookError';
  }
}

export class FetchWebhookClient extends WebhookClient {
  async post(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body ?? null),
        signal,
      });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw new WebhookError(`Webhook ${url} did not answer within ${timeoutMs} ms`);
      throw new WebhookError(`Webhook ${url} is unreachable: ${networkReason(error)}`);
    }
    if (!response.ok) {
      const status = `${response.status} ${response.statusText}`;
      throw new WebhookError(`Webhook ${url} answered ${status}: ${excerpt(text)}`, response.status);
    }
    try {
      return JSON.parse(text);
    } catch {
      const reason = `answered ${response.status} with a body that is not JSON`;
      throw new WebhookError(`Webhook ${url} ${reason}: ${excerpt(text)}`, response.status);
    }
  }
}

/** undici reports "fetch failed" and hides the useful part (ECONNREFUSED, ENOTFOUND...) in `cause`. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

const excerpt = (text: string): string => {
  const flat = text.trim();
  if (flat === '') return '(empty body)';
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat;
};
