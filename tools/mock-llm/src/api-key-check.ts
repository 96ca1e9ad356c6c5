import type { IncomingMessage } from 'node:http';

/**
 * With `apiKey` set, the mock refuses /v1/* calls that do not carry it, as OpenAI (Authorization: Bearer) and
 * Anthropic (x-api-key) do: a 401 whose message names the key's last 4 characters only.
 */
export function refusedKey(req: IncomingMessage, expected: string | undefined): string | null {
  if (expected === undefined) return null;
  const bearer = /^Bearer (.+)$/.exec(String(req.headers['authorization'] ?? ''))?.[1];
  const given = bearer ?? (typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : undefined);
  if (given === expected) return null;
  return given ? `Incorrect API key provided: …${given.slice(-4)} (mock)` : 'No API key provided (mock)';
}
