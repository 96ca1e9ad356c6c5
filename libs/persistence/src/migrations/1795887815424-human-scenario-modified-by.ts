import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A human evaluation's rows say who judged them last (`modified_by`, ARCHITECTURE §17), as revisions and deployments do. */
export class HumanScenarioModifiedBy1795887815424 implements MigrationInterface {
  name = 'HumanScenarioModifiedBy1795887815424';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE human_evaluation_scenarios ADD COLUMN modified_by text, ADD COLUMN modified_by_id text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE human_evaluation_scenarios DROP COLUMN modified_by, DROP COLUMN modified_by_id');
  }
}
