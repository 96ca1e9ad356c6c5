import type { ConnectionCredentials } from './connection-credentials.port';

export interface ProbeResult {
  ok: boolean;
  latencyMs: number;
  /** The model names the provider listed. */
  models?: string[];
  /** A refusal: the provider's status and at most 200 characters of its message; or why it could not be reached. */
  error?: { status?: number; message: string };
}

/** One cheap, real call that shows whether a connection's key and address work (listing its models). */
export abstract class ProviderProbe {
  abstract probe(credentials: ConnectionCredentials, defaultBaseUrl: string | null): Promise<ProbeResult>;
}
