import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single-model human evaluations judged on score configs (ARCHITECTURE §18): the configs copied at creation, and each
 * row's judgments keyed by config id (one jsonb object, so judges of different configs of one row merge, never overwrite).
 */
export class HumanEvaluationMetrics1795875804138 implements MigrationInterface {
  name = 'HumanEvaluationMetrics1795875804138';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE human_evaluations ADD COLUMN metrics jsonb NOT NULL DEFAULT '[]';
      ALTER TABLE human_evaluation_scenarios ADD COLUMN metric_scores jsonb NOT NULL DEFAULT '{}';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE human_evaluation_scenarios DROP COLUMN metric_scores;
      ALTER TABLE human_evaluations DROP COLUMN metrics;
    `);
  }
}
