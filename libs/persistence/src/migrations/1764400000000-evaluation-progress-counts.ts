import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An evaluation counts its failed rows and evaluator errors as rows are stored, so a progress poll reads one row
 * instead of tallying every stored scenario (seconds at 100 000 rows, on PGlite's one session).
 */
export class EvaluationProgressCounts1764400000000 implements MigrationInterface {
  name = 'EvaluationProgressCounts1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE evaluations
        ADD COLUMN progress_failed_rows int NOT NULL DEFAULT 0,
        ADD COLUMN progress_evaluator_errors int NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      UPDATE evaluations e SET
        progress_failed_rows = (SELECT count(*) FROM evaluation_scenarios s WHERE s.evaluation_id = e.id AND s.error IS NOT NULL),
        progress_evaluator_errors = (
          SELECT count(*) FROM evaluation_scenarios s CROSS JOIN LATERAL jsonb_array_elements(s.results) AS r
           WHERE s.evaluation_id = e.id AND r->'result'->>'type' = 'error')
       WHERE EXISTS (SELECT 1 FROM evaluation_scenarios s WHERE s.evaluation_id = e.id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE evaluations DROP COLUMN progress_failed_rows, DROP COLUMN progress_evaluator_errors');
  }
}
