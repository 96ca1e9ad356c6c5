import { type OutboundGuard, OutboundRefusedError, WebhookClient, foreignExcerpt } from '@crucible/application';
import { redactUrlCredentials } from '@crucible/domain';

export class WebhookError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WebhookError';
  }
}

/** Posts to a webhook evaluator's URL through the outbound guard: refused addresses are never contacted. */
export class GuardedWebhookClient extends WebhookClient {
  constructor(private readonly guard: OutboundGuard) {
    super();
  }

  async post(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
    const shown = redactUrlCredentials(url);
    let response;
    try {
      response = await this.guard.request(url, { method: 'POST', json: body ?? null, timeoutMs });
    } catch (error) {
      const prefix = error instanceof OutboundRefusedError ? 'Webhook refused' : 'Webhook failed';
      throw new WebhookError(`${prefix}: ${(error as Error).message}`);
    }
    if (response.status < 200 || response.status >= 300) {
      const status = `${response.status} ${response.statusText}`.trim();
      throw new WebhookError(`Webhook ${shown} answered ${status}: ${foreignExcerpt(response.text)}`, response.status);
    }
    try {
      return JSON.parse(response.text);
    } catch {
      const reason = `answered ${response.status} with a body that is not JSON`;
      throw new WebhookError(`Webhook ${shown} ${reason}: ${foreignExcerpt(response.text)}`, response.status);
    }
  }
}
