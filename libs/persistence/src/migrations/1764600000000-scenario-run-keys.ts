import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each kind of run: its table, its rows' table, the rows' column naming the run, and the new key's name. */
const RUN_TABLES = [
  { runs: 'evaluations', rows: 'evaluation_scenarios', runColumn: 'evaluation_id', runKey: 'evaluation_scenarios_evaluation_fkey' },
  {
    runs: 'human_evaluations', rows: 'human_evaluation_scenarios', runColumn: 'human_evaluation_id',
    runKey: 'human_evaluation_scenarios_human_evaluation_fkey',
  },
];

/**
 * A run's rows belong to the run's project. Two foreign keys (to the project, to the run) let a row name a project
 * that is not its run's; one on (project, run) does not, and a stored row is checked once instead of twice.
 */
export class ScenarioRunKeys1764600000000 implements MigrationInterface {
  name = 'ScenarioRunKeys1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { runs, rows, runColumn, runKey } of RUN_TABLES) {
      await queryRunner.query(`
        ALTER TABLE ${runs} ADD CONSTRAINT ${runs}_project_id_id_key UNIQUE (project_id, id);
        ALTER TABLE ${rows}
          DROP CONSTRAINT ${rows}_project_id_fkey,
          DROP CONSTRAINT ${rows}_${runColumn}_fkey,
          ADD CONSTRAINT ${runKey} FOREIGN KEY (project_id, ${runColumn})
            REFERENCES ${runs} (project_id, id) ON DELETE CASCADE`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { runs, rows, runColumn, runKey } of RUN_TABLES) {
      await queryRunner.query(`
        ALTER TABLE ${rows}
          DROP CONSTRAINT ${runKey},
          ADD CONSTRAINT ${rows}_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
          ADD CONSTRAINT ${rows}_${runColumn}_fkey FOREIGN KEY (${runColumn}) REFERENCES ${runs} (id) ON DELETE CASCADE;
        ALTER TABLE ${runs} DROP CONSTRAINT ${runs}_project_id_id_key`);
    }
  }
}
