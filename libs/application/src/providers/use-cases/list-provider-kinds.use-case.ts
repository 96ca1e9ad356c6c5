import { Injectable } from '@nestjs/common';
import { PROVIDER_KINDS, PROVIDER_KIND_SPECS, type ProviderKindSpec } from '@crucible/domain';

@Injectable()
export class ListProviderKindsUseCase {
  execute(): ProviderKindSpec[] {
    return PROVIDER_KINDS.map((kind) => PROVIDER_KIND_SPECS[kind]);
  }
}
