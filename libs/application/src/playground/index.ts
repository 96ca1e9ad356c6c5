export * from './use-cases/get-variant-schema.use-case';
export * from './use-cases/run-playground.use-case';
export * from './use-cases/stream-playground.use-case';
import { GetVariantSchemaUseCase } from './use-cases/get-variant-schema.use-case';
import { RunPlaygroundUseCase } from './use-cases/run-playground.use-case';
import { StreamPlaygroundUseCase } from './use-cases/stream-playground.use-case';

/** The playground context's use cases, registered by the composition root (libs/platform). */
export const PLAYGROUND_USE_CASES = [
  GetVariantSchemaUseCase, RunPlaygroundUseCase, StreamPlaygroundUseCase,
];
