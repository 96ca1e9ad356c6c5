import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An evaluation may run each test-set row several times (issue 44): it says how many, and each scenario says which
 * run of its row it is (1-based). What was stored before ran each row once: repetitions 1, repetition 1.
 */
export class EvaluationRepetitions1795874725038 implements MigrationInterface {
  name = 'EvaluationRepetitions1795874725038';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE evaluations ADD COLUMN repetitions int NOT NULL DEFAULT 1 CHECK (repetitions BETWEEN 1 AND 20);
      ALTER TABLE evaluation_scenarios ADD COLUMN repetition int NOT NULL DEFAULT 1 CHECK (repetition >= 1);
      ALTER TABLE evaluation_scenarios
        DROP CONSTRAINT evaluation_scenarios_row_unique,
        ADD CONSTRAINT evaluation_scenarios_row_unique UNIQUE (evaluation_id, row_index, repetition);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM evaluation_scenarios WHERE repetition > 1;
      ALTER TABLE evaluation_scenarios
        DROP CONSTRAINT evaluation_scenarios_row_unique,
        ADD CONSTRAINT evaluation_scenarios_row_unique UNIQUE (evaluation_id, row_index),
        DROP COLUMN repetition;
      ALTER TABLE evaluations DROP COLUMN repetitions;
    `);
  }
}
