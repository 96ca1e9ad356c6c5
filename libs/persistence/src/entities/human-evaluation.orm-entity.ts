import { Column, Entity, PrimaryColumn } from 'typeorm';
import type {
  HumanEvaluationMetric, HumanEvaluationStatus, HumanEvaluationType, HumanEvaluationVariant, HumanScenarioInput,
  HumanScenarioOutput, MetricScore, ResultError,
} from '@crucible/domain';
import type { JsonObject } from './jsonb';

@Entity('human_evaluations')
export class HumanEvaluationOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'app_id' }) appId: string;
  @Column('text', { name: 'evaluation_type' }) evaluationType: HumanEvaluationType;
  @Column('jsonb') variants: Array<Omit<HumanEvaluationVariant, 'parameters'> & { parameters: JsonObject }>;
  @Column('uuid', { name: 'testset_id' }) testsetId: string;
  @Column('text', { name: 'testset_name' }) testsetName: string;
  @Column('int', { name: 'testset_version' }) testsetVersion: number;
  @Column('jsonb', { name: 'input_columns' }) inputColumns: string[];
  @Column('jsonb') metrics: HumanEvaluationMetric[];
  @Column('text', { name: 'correct_answer_column', nullable: true }) correctAnswerColumn: string | null;
  @Column('text') status: HumanEvaluationStatus;
  @Column('jsonb', { name: 'status_error', nullable: true }) statusError: ResultError | null;
  @Column('int', { name: 'progress_done' }) progressDone: number;
  @Column('int', { name: 'progress_total' }) progressTotal: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}

@Entity('human_evaluation_scenarios')
export class HumanEvaluationScenarioOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'human_evaluation_id' }) evaluationId: string;
  @Column('int', { name: 'row_index' }) rowIndex: number;
  /** An array, not an object: jsonb would reorder object keys, and columns are shown in test-set order. */
  @Column('jsonb') inputs: HumanScenarioInput[];
  @Column('jsonb') outputs: HumanScenarioOutput[];
  @Column('text', { nullable: true }) vote: string | null;
  @Column('int', { nullable: true }) score: number | null;
  /** Null fields are stripped when stored (see humanScenarioUpdate); the mapper puts them back. */
  @Column('jsonb', { name: 'metric_scores' }) metricScores: Record<string, Partial<MetricScore>>;
  @Column('text', { name: 'correct_answer', nullable: true }) correctAnswer: string | null;
  @Column('boolean', { name: 'is_pinned' }) isPinned: boolean;
  @Column('text', { nullable: true }) note: string | null;
  @Column('text', { name: 'modified_by', nullable: true }) modifiedBy: string | null;
  @Column('text', { name: 'modified_by_id', nullable: true }) modifiedById: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
