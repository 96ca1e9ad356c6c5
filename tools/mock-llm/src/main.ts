import { MockFailureMode, startMockLlmServer } from './mock-llm.server';

const FAILURE_MODES: readonly string[] = ['500', '429', 'timeout', 'drop'];

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const mode = process.env.MOCK_LLM_FAILURE_MODE ?? '500';
  if (!FAILURE_MODES.includes(mode)) throw new Error(`MOCK_LLM_FAILURE_MODE must be one of ${FAILURE_MODES.join(', ')}`);
  const server = await startMockLlmServer({
    port: numberFromEnv('MOCK_LLM_PORT', 8090),
    host: process.env.MOCK_LLM_HOST ?? '127.0.0.1',
    latencyMs: numberFromEnv('MOCK_LLM_LATENCY_MS', 0),
    failureRate: numberFromEnv('MOCK_LLM_FAILURE_RATE', 0),
    failureMode: mode as MockFailureMode,
    seed: numberFromEnv('MOCK_LLM_SEED', 42),
    apiKey: process.env.MOCK_LLM_API_KEY || undefined,
    chunkDelayMs: numberFromEnv('MOCK_LLM_CHUNK_DELAY_MS', 0),
  });
  console.log(`mock-llm listening on ${server.url} (OPENAI_BASE_URL=${server.url})`);
  const shutdown = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
