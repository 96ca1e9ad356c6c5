import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ApiKeyRepository, AppRepository, ChangeMarks, EnvironmentRepository, EvaluationRepository, EvaluatorConfigRepository, ExclusiveLock,
  HumanEvaluationRepository, IdempotencyKeyRepository, OutageClassifier, ProjectRepository, TestsetRepository,
  TraceRepository, TraceSessionRepository, VariantRepository, ProviderConnectionRepository, SecretKeyCheckRepository, CustomModelRepository,
  RunStoragePolicy, ScoreConfigRepository, ScoreRepository, AnnotationQueueRepository, OnlineEvaluationRepository,
  AuditTrail, PeriodicJobLeadership, ProjectsOfEmail, UnitOfWork,
  UserRepository, MembershipRepository, SessionStore, SetupTokenRepository, InvitationRepository, MemberRoster,
} from '@crucible/application';
import { TypeOrmEvaluationRepository } from './repositories/evaluation.repository';
import { TypeOrmEvaluatorConfigRepository } from './repositories/evaluator-config.repository';
import { type DatabaseConfig, closeDataSource, openDataSource } from './data-source/create-data-source';
import { AdvisoryExclusiveLock, DatabaseOutageClassifier, ProcessExclusiveLock } from './data-source/exclusive-locks';
import { runStoragePolicyOf } from './data-source/run-storage-policies';
import { periodicJobLeadershipOf } from './data-source/periodic-job-leadership';
import { TypeOrmApiKeyRepository } from './repositories/api-key.repository';
import { NoticeChangeMarks } from './repositories/notice-change-marks';
import { TypeOrmProjectRepository } from './repositories/project.repository';
import { TypeOrmAppRepository } from './repositories/app.repository';
import { TypeOrmVariantRepository } from './repositories/variant.repository';
import { TypeOrmEnvironmentRepository } from './repositories/environment.repository';
import { TypeOrmTestsetRepository } from './repositories/testset.repository';
import { TypeOrmHumanEvaluationRepository } from './repositories/human-evaluation.repository';
import { TypeOrmTraceRepository } from './repositories/trace.repository';
import { TypeOrmTraceSessionRepository } from './repositories/trace-session.repository';
import { TypeOrmIdempotencyKeyRepository } from './repositories/idempotency-key.repository';
import { TypeOrmProviderConnectionRepository } from './repositories/provider-connection.repository';
import { TypeOrmSecretKeyCheckRepository } from './repositories/secret-key-check.repository';
import { TypeOrmCustomModelRepository } from './repositories/custom-model.repository';
import { TypeOrmScoreConfigRepository } from './repositories/score-config.repository';
import { TypeOrmScoreRepository } from './repositories/score.repository';
import { TypeOrmAnnotationQueueRepository } from './repositories/annotation-queue.repository';
import { TypeOrmOnlineEvaluationRepository } from './repositories/online-evaluation.repository';
import { TypeOrmAuditTrail } from './repositories/audit-trail.repository';
import { TypeOrmUserRepository } from './repositories/user.repository';
import { TypeOrmMembershipRepository } from './repositories/membership.repository';
import { TypeOrmSessionStore } from './repositories/session.store';
import { TypeOrmSetupTokenRepository } from './repositories/setup-token.repository';
import { TypeOrmInvitationRepository } from './repositories/invitation.repository';
import { TypeOrmMemberRoster } from './repositories/member-roster.repository';
import { TypeOrmProjectsOfEmail } from './repositories/projects-of-email.repository';
import { TypeOrmUnitOfWork } from './data-source/typeorm-unit-of-work';

const repositories = [
  { provide: ProjectRepository, useClass: TypeOrmProjectRepository },
  { provide: ApiKeyRepository, useClass: TypeOrmApiKeyRepository },
  { provide: AppRepository, useClass: TypeOrmAppRepository },
  { provide: VariantRepository, useClass: TypeOrmVariantRepository },
  { provide: EnvironmentRepository, useClass: TypeOrmEnvironmentRepository },
  { provide: TestsetRepository, useClass: TypeOrmTestsetRepository },
  { provide: EvaluatorConfigRepository, useClass: TypeOrmEvaluatorConfigRepository },
  { provide: EvaluationRepository, useClass: TypeOrmEvaluationRepository },
  { provide: HumanEvaluationRepository, useClass: TypeOrmHumanEvaluationRepository },
  { provide: TraceRepository, useClass: TypeOrmTraceRepository },
  { provide: TraceSessionRepository, useClass: TypeOrmTraceSessionRepository },
  { provide: IdempotencyKeyRepository, useClass: TypeOrmIdempotencyKeyRepository },
  { provide: ProviderConnectionRepository, useClass: TypeOrmProviderConnectionRepository },
  { provide: SecretKeyCheckRepository, useClass: TypeOrmSecretKeyCheckRepository },
  { provide: CustomModelRepository, useClass: TypeOrmCustomModelRepository },
  { provide: ScoreConfigRepository, useClass: TypeOrmScoreConfigRepository },
  { provide: ScoreRepository, useClass: TypeOrmScoreRepository },
  { provide: AnnotationQueueRepository, useClass: TypeOrmAnnotationQueueRepository },
  { provide: OnlineEvaluationRepository, useClass: TypeOrmOnlineEvaluationRepository },
  { provide: AuditTrail, useClass: TypeOrmAuditTrail },
  { provide: UserRepository, useClass: TypeOrmUserRepository },
  { provide: MembershipRepository, useClass: TypeOrmMembershipRepository },
  { provide: SessionStore, useClass: TypeOrmSessionStore },
  { provide: SetupTokenRepository, useClass: TypeOrmSetupTokenRepository },
  { provide: InvitationRepository, useClass: TypeOrmInvitationRepository },
  { provide: MemberRoster, useClass: TypeOrmMemberRoster },
  { provide: ProjectsOfEmail, useClass: TypeOrmProjectsOfEmail },
  { provide: UnitOfWork, useClass: TypeOrmUnitOfWork },
  { provide: ChangeMarks, useClass: NoticeChangeMarks },
];

@Global()
@Module({})
export class PersistenceModule implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  static forRoot(config: DatabaseConfig): DynamicModule {
    return {
      module: PersistenceModule,
      providers: [
        { provide: DataSource, useFactory: () => openDataSource(config) },
        ...repositories,
        {
          provide: ExclusiveLock,
          useFactory: (dataSource: DataSource) => (config.kind === 'postgres' ? new AdvisoryExclusiveLock(dataSource) : new ProcessExclusiveLock()),
          inject: [DataSource],
        },
        {
          provide: PeriodicJobLeadership,
          useFactory: (dataSource: DataSource) => periodicJobLeadershipOf(config, dataSource),
          inject: [DataSource],
        },
        { provide: OutageClassifier, useClass: DatabaseOutageClassifier },
        { provide: RunStoragePolicy, useValue: runStoragePolicyOf(config.kind) },
      ],
      exports: [DataSource, ...repositories.map((r) => r.provide), ExclusiveLock, PeriodicJobLeadership, OutageClassifier, RunStoragePolicy],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await closeDataSource(this.dataSource);
  }
}
