import type { ProviderKind } from './provider-kind';

/** A secret as stored: AES-256-GCM output and the id of the master key that sealed it, never the plaintext. */
export interface SealedSecret {
  keyId: string;
  ciphertext: string;
}

/** What a connection keeps sealed: the key and the extra headers, encrypted together. */
export interface ConnectionSecrets {
  apiKey?: string;
  headers?: Record<string, string>;
}

export interface ProviderConnection {
  id: string;
  projectId: string;
  name: string;
  kind: ProviderKind;
  baseUrl: string | null;
  apiVersion: string | null;
  apiKeyHint: string | null;
  /** Names of the extra headers (their values are sealed). */
  headerNames: string[];
  sealed: SealedSecret | null;
  /** The models an openai_compatible or ollama server listed, last read at create or by /test. */
  listedModels: string[];
  createdAt: Date;
  createdBy: string;
}
