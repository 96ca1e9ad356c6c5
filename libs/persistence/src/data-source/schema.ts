import { ApiKeyOrmEntity, ProjectOrmEntity } from '../entities/access.orm-entity';
import { InvitationOrmEntity, MembershipOrmEntity, SessionOrmEntity, SetupTokenOrmEntity, UserOrmEntity } from '../entities/account.orm-entity';
import { AppOrmEntity, BaseOrmEntity, VariantOrmEntity, VariantRevisionOrmEntity } from '../entities/registry.orm-entity';
import { EnvironmentOrmEntity, EnvironmentRevisionOrmEntity } from '../entities/environment.orm-entity';
import { EvaluationOrmEntity, EvaluationScenarioOrmEntity, EvaluatorConfigOrmEntity } from '../entities/evaluation.orm-entity';
import { TestsetOrmEntity, TestsetVersionOrmEntity } from '../entities/testset.orm-entity';
import { HumanEvaluationOrmEntity, HumanEvaluationScenarioOrmEntity } from '../entities/human-evaluation.orm-entity';
import { RegistrySchema1763800000000 } from '../migrations/1763800000000-registry-schema';
import { TestsetsSchema1763800000001 } from '../migrations/1763800000001-testsets-schema';
import { EvaluationsSchema1763800000002 } from '../migrations/1763800000002-evaluations-schema';
import { HumanEvaluationsSchema1763800000003 } from '../migrations/1763800000003-human-evaluations-schema';
import { JobsHardening1763800000004 } from '../migrations/1763800000004-jobs-hardening';
import { TracesSchema1764000000000 } from '../migrations/1764000000000-traces-schema';
import { ApiKeyRoles1764200000000 } from '../migrations/1764200000000-api-key-roles';
import { ScenarioTraceIds1764300000000 } from '../migrations/1764300000000-scenario-trace-ids';
import { EvaluationProgressCounts1764400000000 } from '../migrations/1764400000000-evaluation-progress-counts';
import { ChangeNotices1764500000000 } from '../migrations/1764500000000-change-notices';
import { ScenarioRunKeys1764600000000 } from '../migrations/1764600000000-scenario-run-keys';
import { SpansFollowTraces1764700000000 } from '../migrations/1764700000000-spans-follow-traces';
import { PayloadColumnsUnsampled1764800000000 } from '../migrations/1764800000000-payload-columns-unsampled';
import { SpansInlineInTheirTrace1764900000000 } from '../migrations/1764900000000-spans-inline-in-their-trace';
import { ApiKeyRevocationAndPublicPrefix1765000000100 } from '../migrations/1765000000100-api-key-revocation-and-public-prefix';
import { TraceListPreviews1765000000300 } from '../migrations/1765000000300-trace-list-previews';
import { TraceSessionsAndUsers1795874641599 } from '../migrations/1795874641599-trace-sessions-and-users';
import { TestsetStagedRows1765000000500 } from '../migrations/1765000000500-testset-staged-rows';
import { ProviderConnections1765000001000 } from '../migrations/1765000001000-provider-connections';
import { ProviderConnectionOrmEntity, SecretKeyCheckOrmEntity } from '../entities/provider.orm-entity';
import { CustomModelsAndCostSource1765000003000 } from '../migrations/1765000003000-custom-models-and-cost-source';
import { EvaluationSource1795874922741 } from '../migrations/1795874922741-evaluation-source';
import { ScoreConfigsAndScores1795874729136 } from '../migrations/1795874729136-score-configs-and-scores';
import { HumanEvaluationMetrics1795875804138 } from '../migrations/1795875804138-human-evaluation-metrics';
import { ScoreConfigOrmEntity, ScoreOrmEntity } from '../entities/feedback.orm-entity';
import { AnnotationQueues1795875703940 } from '../migrations/1795875703940-annotation-queues';
import { AnnotationQueueOrmEntity } from '../entities/annotation-queue.orm-entity';
import { OnlineEvaluations1795879798364 } from '../migrations/1795879798364-online-evaluations';
import { OnlineEvaluationSelfPause1795886938410 } from '../migrations/1795886938410-online-evaluation-self-pause';
import { FiveProjectRoles1795886648319 } from '../migrations/1795886648319-five-project-roles';
import { ApiKeyCreatorAndLastUse1795887065389 } from '../migrations/1795887065389-api-key-creator-and-last-use';
import { AccountsAndSessions1795886951921 } from '../migrations/1795886951921-accounts-and-sessions';
import { OnlineEvaluationChangeNotices1795888010172 } from '../migrations/1795888010172-online-evaluation-change-notices';
import { TraceStoreIndexes1795887329757 } from '../migrations/1795887329757-trace-store-indexes';
import { TraceMetricHours1795897800000 } from '../migrations/1795897800000-trace-metric-hours';
import { OnlineEvaluationOrmEntity } from '../entities/online-evaluation.orm-entity';
import { EvaluationRepetitions1795874725038 } from '../migrations/1795874725038-evaluation-repetitions';
import { TestsetVersions1795874736290 } from '../migrations/1795874736290-testset-versions';
import { AuditEvents1795886975363 } from '../migrations/1795886975363-audit-events';
import { AuditEventOrmEntity } from '../entities/audit-event.orm-entity';
import { HumanScenarioModifiedBy1795887815424 } from '../migrations/1795887815424-human-scenario-modified-by';
import { TraceWeekPartitions1795897231670 } from '../migrations/1795897231670-trace-week-partitions';
import { DeploymentChangeNotices1795900000000 } from '../migrations/1795900000000-deployment-change-notices';
export const ORM_ENTITIES = [ProjectOrmEntity, ApiKeyOrmEntity, AppOrmEntity, BaseOrmEntity, VariantOrmEntity,
  VariantRevisionOrmEntity, EnvironmentOrmEntity, EnvironmentRevisionOrmEntity, TestsetOrmEntity,
  TestsetVersionOrmEntity, EvaluatorConfigOrmEntity, EvaluationOrmEntity, EvaluationScenarioOrmEntity,
  HumanEvaluationOrmEntity, HumanEvaluationScenarioOrmEntity, ProviderConnectionOrmEntity, SecretKeyCheckOrmEntity,
  ScoreConfigOrmEntity, ScoreOrmEntity, AnnotationQueueOrmEntity, OnlineEvaluationOrmEntity, AuditEventOrmEntity,
  UserOrmEntity, MembershipOrmEntity, SessionOrmEntity, InvitationOrmEntity, SetupTokenOrmEntity];

/** Applied in order on PostgreSQL and PGlite alike. */
export const MIGRATIONS = [RegistrySchema1763800000000, TestsetsSchema1763800000001, EvaluationsSchema1763800000002,
  HumanEvaluationsSchema1763800000003, JobsHardening1763800000004, TracesSchema1764000000000,
  ApiKeyRoles1764200000000, ScenarioTraceIds1764300000000, EvaluationProgressCounts1764400000000,
  ChangeNotices1764500000000, ScenarioRunKeys1764600000000, SpansFollowTraces1764700000000,
  PayloadColumnsUnsampled1764800000000, SpansInlineInTheirTrace1764900000000,
  ApiKeyRevocationAndPublicPrefix1765000000100, TraceListPreviews1765000000300, TestsetStagedRows1765000000500,
  ProviderConnections1765000001000, CustomModelsAndCostSource1765000003000, TraceSessionsAndUsers1795874641599,
  EvaluationRepetitions1795874725038, ScoreConfigsAndScores1795874729136, TestsetVersions1795874736290,
  EvaluationSource1795874922741, AnnotationQueues1795875703940, HumanEvaluationMetrics1795875804138,
  OnlineEvaluations1795879798364, FiveProjectRoles1795886648319, OnlineEvaluationSelfPause1795886938410,
  AccountsAndSessions1795886951921, AuditEvents1795886975363, ApiKeyCreatorAndLastUse1795887065389,
  TraceStoreIndexes1795887329757, HumanScenarioModifiedBy1795887815424, OnlineEvaluationChangeNotices1795888010172,
  TraceWeekPartitions1795897231670, TraceMetricHours1795897800000, DeploymentChangeNotices1795900000000];
