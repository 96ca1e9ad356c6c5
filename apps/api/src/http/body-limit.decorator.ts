import { SetMetadata } from '@nestjs/common';

/** Which of §19's body limits a route reads its body under; routes without this get CRUCIBLE_MAX_BODY_BYTES. */
export type BodyLimitKind = 'ordinary' | 'traces' | 'upload';

export const BODY_LIMIT = 'crucible:body-limit';
export const BodyLimit = (kind: BodyLimitKind) => SetMetadata(BODY_LIMIT, kind);
