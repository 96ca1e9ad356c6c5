import { init } from '@crucible/sdk';
import { createRagPipeline } from './rag-pipeline';

// PORT (default 8001), HOST (default 127.0.0.1), OPENAI_BASE_URL / OPENAI_API_KEY, CRUCIBLE_HOST / CRUCIBLE_API_KEY.
init({ configFname: process.env.CRUCIBLE_CONFIG_FILE });
createRagPipeline()
  .listen({ port: Number(process.env.PORT ?? 8001), host: process.env.HOST ?? '127.0.0.1' })
  .then((running) => console.log(`rag pipeline listening on ${running.url}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
