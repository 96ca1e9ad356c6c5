import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who produced an evaluation's rows: the runner (`api`, every evaluation stored before) or a test process through the
 * SDK's `evaluate()` (`sdk`), whose rows were uploaded and which no runner may invoke.
 */
export class EvaluationSource1795874922741 implements MigrationInterface {
  name = 'EvaluationSource1795874922741';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE evaluations ADD COLUMN source text NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'sdk'));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE evaluations DROP COLUMN source;');
  }
}
