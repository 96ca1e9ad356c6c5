import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/** The api's OpenAPI document, built from the controllers' decorators: served at /openapi.json and the source of libs/client. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Crucible')
      .setDescription('Variants, revisions, environments, evaluations and human evaluations of LLM workflows')
      .setVersion('0.1.0')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: 'ApiKey <key>' }, 'ApiKey')
      .build(),
  );
}
