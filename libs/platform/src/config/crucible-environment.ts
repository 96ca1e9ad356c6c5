import { Inject } from '@nestjs/common';

/** The environment, parsed once at start (main.ts, or the app factory in tests) and provided as this one value. */
export const CRUCIBLE_ENVIRONMENT = Symbol('CrucibleEnvironment');

export const InjectEnvironment = (): ParameterDecorator => Inject(CRUCIBLE_ENVIRONMENT);
