import { init } from '@crucible/sdk';
import { createCompletionApp } from './completion-app';

// PORT (default 8000), HOST (default 127.0.0.1), OPENAI_BASE_URL / OPENAI_API_KEY, CRUCIBLE_HOST / CRUCIBLE_API_KEY.
init({ configFname: process.env.CRUCIBLE_CONFIG_FILE });
createCompletionApp()
  .listen({ port: Number(process.env.PORT ?? 8000), host: process.env.HOST ?? '127.0.0.1' })
  .then((running) => console.log(`completion app listening on ${running.url}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
