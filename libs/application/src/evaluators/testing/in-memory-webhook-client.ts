import { WebhookClient } from '../ports/webhook-client.port';

export type WebhookHandler = (body: unknown) => unknown | Promise<unknown>;

export interface RecordedWebhookCall {
  url: string;
  body: unknown;
  timeoutMs: number;
}

/** Webhooks as in-process handlers keyed by URL; an unknown URL is refused like a closed port. */
export class InMemoryWebhookClient extends WebhookClient {
  readonly calls: RecordedWebhookCall[] = [];
  private readonly handlers = new Map<string, WebhookHandler>();

  route(url: string, handler: WebhookHandler): this {
    this.handlers.set(url, handler);
    return this;
  }

  async post(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
    // Round-trip through JSON so handlers see exactly what would cross the wire.
    const wireBody: unknown = JSON.parse(JSON.stringify(body) ?? 'null');
    this.calls.push({ url, body: wireBody, timeoutMs });
    const handler = this.handlers.get(url);
    if (!handler) throw new Error(`connect ECONNREFUSED ${url}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Webhook ${url} did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const answer = await Promise.race([Promise.resolve().then(() => handler(wireBody)), timeout]);
      return JSON.parse(JSON.stringify(answer) ?? 'null');
    } finally {
      clearTimeout(timer);
    }
  }
}
