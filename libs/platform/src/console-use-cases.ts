import type { Provider } from '@nestjs/common';
import {
  GetCurrentProjectUseCase, GetVariantSchemaUseCase, OutboundGuard, RenameAppUseCase, RunPlaygroundUseCase, ServiceDescriber,
} from '@crucible/application';
import { OpenApiServiceDescriber } from './adapters/openapi-service-describer';

/** What the web console needs beyond the seed's operations: the header's project, renames, the playground. */
export const CONSOLE_USE_CASES: Provider[] = [GetCurrentProjectUseCase, RenameAppUseCase, GetVariantSchemaUseCase, RunPlaygroundUseCase];

/** The schema fetch goes through the outbound guard like every call to a user-configured URL (§12). */
export const SERVICE_DESCRIBER: Provider = {
  provide: ServiceDescriber, useFactory: (guard: OutboundGuard) => new OpenApiServiceDescriber(guard), inject: [OutboundGuard],
};
