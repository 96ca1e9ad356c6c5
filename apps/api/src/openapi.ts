import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';

const built = new WeakMap<INestApplication, OpenAPIObject>();

/**
 * The api's OpenAPI document, built once per app from the controllers' decorators and the zod wire schemas:
 * served at /openapi.json and the source of libs/client.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const existing = built.get(app);
  if (existing) return existing;
  // nestjs-zod's post-processing turns the zod DTOs' placeholders into real JSON schemas.
  const document = cleanupOpenApiDoc(SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Crucible')
      .setDescription('Variants, revisions, environments, evaluations and human evaluations of LLM workflows')
      .setVersion('0.1.0')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: 'ApiKey <key>' }, 'ApiKey')
      .build(),
  ));
  built.set(app, document);
  return document;
}
