import { type DynamicModule, Module } from '@nestjs/common';
import { type CoreConfig, CoreModule } from '@crucible/platform';
import { RunnerHealthController } from './health.controller';

/** Same providers as the api; its inbound adapters are the queue consumers and a health endpoint. */
@Module({})
export class RunnerModule {
  static forRoot(config: CoreConfig): DynamicModule {
    return {
      module: RunnerModule,
      imports: [CoreModule.forRoot(config)],
      controllers: [RunnerHealthController],
    };
  }
}
