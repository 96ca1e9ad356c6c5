import { ConfigModule, ConfigService } from '@nestjs/config';
import { type CrucibleEnvironment, parseEnvironment } from './environment.schema';

/** What the ConfigService holds: the parsed environment under one key, so no parsed value leaks back into process.env. */
export interface CrucibleConfig {
  environment: CrucibleEnvironment;
}

export type CrucibleConfigService = ConfigService<CrucibleConfig, true>;

/** @nestjs/config validating the process environment against the schema; an invalid variable fails the module. */
export const crucibleConfigModule = () => ConfigModule.forRoot({
  isGlobal: true,
  ignoreEnvFile: true,
  skipProcessEnv: true,
  validate: (raw): CrucibleConfig => ({ environment: parseEnvironment(raw) }),
});

export const environmentOf = (config: CrucibleConfigService): CrucibleEnvironment => config.get('environment', { infer: true });
