/** OPENAI_API_KEY / OPENAI_BASE_URL of the process: the read-only `environment` connection when the key is set. */
export abstract class EnvironmentConnectionSettings {
  abstract readonly apiKey: string | undefined;
  abstract readonly baseUrl: string | undefined;
}
