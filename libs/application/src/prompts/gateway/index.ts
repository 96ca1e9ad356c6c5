export * from './deployed-config-cache';
export * from './deployed-config-loader';
export * from './gateway-answer';
export * from './gateway-trace';
export * from './invoke-app.use-case';
export * from './stream-app.use-case';
import { DeployedConfigLoader } from './deployed-config-loader';
import { InvokeAppUseCase } from './invoke-app.use-case';
import { StreamAppUseCase } from './stream-app.use-case';

/** The gateway (ARCHITECTURE §16), served by the api only: it builds on the environments context. */
export const GATEWAY_USE_CASES = [DeployedConfigLoader, InvokeAppUseCase, StreamAppUseCase];
