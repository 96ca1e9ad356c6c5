/** Posts JSON to a user-provided URL and returns the parsed JSON answer. */
export abstract class WebhookClient {
  /** Rejects on network failure, time-out, a non-2xx status or a body that is not JSON. */
  abstract post(url: string, body: unknown, timeoutMs: number): Promise<unknown>;
}
