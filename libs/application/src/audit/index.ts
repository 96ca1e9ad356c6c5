export * from './ports';
export * from './use-cases/record-change.use-case';
export * from './use-cases/list-audit-events.use-case';
export * from './use-cases/record-failed-sign-in.use-case';
import { ListAuditEventsUseCase } from './use-cases/list-audit-events.use-case';
import { RecordChangeUseCase } from './use-cases/record-change.use-case';
import { RecordFailedSignInUseCase } from './use-cases/record-failed-sign-in.use-case';

/** The audit context's use cases, registered by the composition root. */
export const AUDIT_USE_CASES = [RecordChangeUseCase, ListAuditEventsUseCase, RecordFailedSignInUseCase];
