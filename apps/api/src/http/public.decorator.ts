import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'crucible:public-route';
/** Reachable without an API key (health, documentation). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
