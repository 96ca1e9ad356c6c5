import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each evaluation row keeps the trace id of its invocation, so the row links to its trace (ARCHITECTURE §14). */
export class ScenarioTraceIds1764300000000 implements MigrationInterface {
  name = 'ScenarioTraceIds1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE evaluation_scenarios ADD COLUMN trace_id text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE evaluation_scenarios DROP COLUMN trace_id');
  }
}
