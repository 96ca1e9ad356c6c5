import { Column, Entity, PrimaryColumn } from 'typeorm';
import type {
  AggregatedResult, EvaluationSource, EvaluationStatus, EvaluatorConfig, EvaluatorOutcome, RateLimit, ResultError,
} from '@crucible/domain';
import type { JsonObject, JsonValue } from './jsonb';

type Json = JsonObject;
const numeric = { type: 'double precision' as const, nullable: true };

@Entity('evaluator_configs')
export class EvaluatorConfigOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'app_id', nullable: true }) appId: string | null;
  @Column('text') name: string;
  @Column('text', { name: 'evaluator_key' }) evaluatorKey: string;
  @Column('jsonb', { name: 'settings_values' }) settingsValues: Json;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}

/** Stored snapshot of an evaluator config: dates travel as ISO strings inside jsonb. */
export type StoredEvaluatorConfig = Omit<EvaluatorConfig, 'createdAt' | 'updatedAt' | 'settingsValues'> & {
  createdAt: string; updatedAt: string; settingsValues: JsonObject;
};
type StoredAggregatedResult = Omit<AggregatedResult, 'result'> & { result: Omit<AggregatedResult['result'], 'value'> & { value?: JsonValue } };

@Entity('evaluations')
export class EvaluationOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'app_id' }) appId: string;
  @Column('uuid', { name: 'variant_id' }) variantId: string;
  @Column('text', { name: 'variant_name' }) variantName: string;
  @Column('uuid', { name: 'variant_revision_id' }) variantRevisionId: string;
  @Column('int') revision: number;
  @Column('jsonb') parameters: Json;
  @Column('text', { name: 'invocation_url' }) invocationUrl: string;
  @Column('uuid', { name: 'testset_id' }) testsetId: string;
  @Column('text', { name: 'testset_name' }) testsetName: string;
  @Column('int', { name: 'testset_version' }) testsetVersion: number;
  @Column('jsonb', { name: 'evaluator_configs' }) evaluatorConfigs: StoredEvaluatorConfig[];
  @Column('text', { name: 'correct_answer_column', nullable: true }) correctAnswerColumn: string | null;
  @Column('jsonb', { name: 'rate_limit' }) rateLimit: RateLimit;
  @Column('text') source: EvaluationSource;
  @Column('int') repetitions: number;
  @Column('text') status: EvaluationStatus;
  @Column('jsonb', { name: 'status_error', nullable: true }) statusError: ResultError | null;
  @Column('int', { name: 'progress_done' }) progressDone: number;
  @Column('int', { name: 'progress_total' }) progressTotal: number;
  @Column('int', { name: 'progress_failed_rows' }) progressFailedRows: number;
  @Column('int', { name: 'progress_evaluator_errors' }) progressEvaluatorErrors: number;
  @Column('jsonb', { name: 'aggregated_results' }) aggregatedResults: StoredAggregatedResult[];
  @Column({ ...numeric, name: 'average_cost' }) averageCost: number | null;
  @Column({ ...numeric, name: 'total_cost' }) totalCost: number | null;
  @Column({ ...numeric, name: 'average_latency' }) averageLatency: number | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}

@Entity('evaluation_scenarios')
export class EvaluationScenarioOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'evaluation_id' }) evaluationId: string;
  @Column('int', { name: 'row_index' }) rowIndex: number;
  @Column('int') repetition: number;
  @Column('jsonb') inputs: Json;
  @Column('jsonb', { nullable: true }) output: unknown;
  @Column('jsonb', { name: 'correct_answer', nullable: true }) correctAnswer: unknown;
  @Column('jsonb') results: EvaluatorOutcome[];
  @Column(numeric) latency: number | null;
  @Column(numeric) cost: number | null;
  @Column('jsonb', { nullable: true }) error: ResultError | null;
  @Column('text', { name: 'trace_id', nullable: true }) traceId: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
