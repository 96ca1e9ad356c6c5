import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a paused online evaluation rule is paused (ARCHITECTURE §18): by whom, or by itself after its evaluator failed on
 * every execution for a while. The index finds a rule's latest completed execution and its errors since, in time order.
 */
export class OnlineEvaluationSelfPause1795886938410 implements MigrationInterface {
  name = 'OnlineEvaluationSelfPause1795886938410';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE online_evaluations ADD COLUMN paused_reason text;
      CREATE INDEX online_evaluation_executions_finished_idx ON online_evaluation_executions(rule_id, status, updated_at)
        WHERE status IN ('completed', 'error');
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX online_evaluation_executions_finished_idx; ALTER TABLE online_evaluations DROP COLUMN paused_reason');
  }
}
