import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A run's rows belong to the run's project. Two foreign keys (to the project, to the run) let a row name a project
 * that is not its run's; one on (project, run) does not, and a stored row is checked once instead of twice.
 */
export class ScenarioRunKeys1764600000000 implements MigrationInterface {
  name = 'ScenarioRunKeys1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE evaluations ADD CONSTRAINT evaluations_project_id_id_key UNIQUE (project_id, id);
      ALTER TABLE evaluation_scenarios
        DROP CONSTRAINT evaluation_scenarios_project_id_fkey,
        DROP CONSTRAINT evaluation_scenarios_evaluation_id_fkey,
        ADD CONSTRAINT evaluation_scenarios_evaluation_fkey FOREIGN KEY (project_id, evaluation_id)
          REFERENCES evaluations (project_id, id) ON DELETE CASCADE;
      ALTER TABLE human_evaluations ADD CONSTRAINT human_evaluations_project_id_id_key UNIQUE (project_id, id);
      ALTER TABLE human_evaluation_scenarios
        DROP CONSTRAINT human_evaluation_scenarios_project_id_fkey,
        DROP CONSTRAINT human_evaluation_scenarios_human_evaluation_id_fkey,
        ADD CONSTRAINT human_evaluation_scenarios_human_evaluation_fkey FOREIGN KEY (project_id, human_evaluation_id)
          REFERENCES human_evaluations (project_id, id) ON DELETE CASCADE;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE human_evaluation_scenarios
        DROP CONSTRAINT human_evaluation_scenarios_human_evaluation_fkey,
        ADD CONSTRAINT human_evaluation_scenarios_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        ADD CONSTRAINT human_evaluation_scenarios_human_evaluation_id_fkey FOREIGN KEY (human_evaluation_id)
          REFERENCES human_evaluations (id) ON DELETE CASCADE;
      ALTER TABLE human_evaluations DROP CONSTRAINT human_evaluations_project_id_id_key;
      ALTER TABLE evaluation_scenarios
        DROP CONSTRAINT evaluation_scenarios_evaluation_fkey,
        ADD CONSTRAINT evaluation_scenarios_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        ADD CONSTRAINT evaluation_scenarios_evaluation_id_fkey FOREIGN KEY (evaluation_id) REFERENCES evaluations (id) ON DELETE CASCADE;
      ALTER TABLE evaluations DROP CONSTRAINT evaluations_project_id_id_key;
    `);
  }
}
