import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { Actor, Project } from '@crucible/domain';
import { DeleteProjectUseCase } from '@crucible/application';
import { openDataSource } from '../data-source/create-data-source';
import { TypeOrmUnitOfWork } from '../data-source/typeorm-unit-of-work';
import { type TestPostgres, createTestPostgres } from '../testing/test-databases';
import { TypeOrmProjectRepository } from './project.repository';

type Read = 'findDefault' | 'count';

/** The repository, with a pause after a read of the projects: the moment a deleter is between its check and its delete. */
class PausingProjects extends TypeOrmProjectRepository {
  private pause: { after: Read; reached: () => void; go: Promise<void> } | null = null;

  /** The next such read waits until `go` is called; `reached` resolves once it has read. */
  pauseAfterNext(after: Read): { reached: Promise<void>; go: () => void } {
    let reached!: () => void;
    let go!: () => void;
    const reachedPromise = new Promise<void>((resolve) => { reached = resolve; });
    this.pause = { after, reached, go: new Promise<void>((resolve) => { go = resolve; }) };
    return { reached: reachedPromise, go };
  }

  override async findDefault(): Promise<Project | null> {
    return this.paused('findDefault', await super.findDefault());
  }

  override async count(): Promise<number> {
    return this.paused('count', await super.count());
  }

  private async paused<T>(read: Read, value: T): Promise<T> {
    const pause = this.pause;
    if (pause?.after === read) {
      this.pause = null;
      pause.reached();
      await pause.go;
    }
    return value;
  }
}

const ownerOf = (project: Project): Actor => ({ projectId: project.id, type: 'user', id: randomUUID(), name: 'Olga', role: 'owner' });
const outcome = (work: Promise<unknown>): Promise<string> => work.then(() => 'deleted', (error: { code?: string }) => error.code ?? String(error));

/**
 * DELETE /projects/{id} on PostgreSQL, several requests at once: "the default project only when it is the last" is
 * checked and acted on as one step, so no request finds the check's answer gone stale by the time it deletes.
 */
describe('deleting projects at once on PostgreSQL', () => {
  let postgres: TestPostgres;
  let dataSource: DataSource;
  let admin: Client;
  let projects: PausingProjects;
  let deleting: DeleteProjectUseCase;

  const insertProject = (name: string, client: Client = admin): Promise<Project> => {
    const project: Project = { id: randomUUID(), name, createdAt: new Date() };
    return client.query('INSERT INTO projects (id, name, created_at) VALUES ($1, $2, $3)', [project.id, name, project.createdAt]).then(() => project);
  };
  const names = async () => (await admin.query<{ name: string }>('SELECT name FROM projects ORDER BY created_at')).rows.map((row) => row.name);
  const waitersOnLocks = async () =>
    (await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0]!.n;

  beforeAll(async () => {
    postgres = await createTestPostgres();
    dataSource = await openDataSource({ kind: 'postgres', url: postgres.url });
    admin = new Client({ connectionString: postgres.url });
    await admin.connect();
    projects = new PausingProjects(dataSource);
    deleting = new DeleteProjectUseCase(projects, new TypeOrmUnitOfWork(dataSource));
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await dataSource?.destroy();
    await postgres?.drop();
  });
  beforeEach(() => admin.query('DELETE FROM projects'));

  it('lets a project created while the last one (the default) is deleted land after the deletion, never beside a stale check', async () => {
    const fallback = await insertProject('default');
    const pause = projects.pauseAfterNext('count');
    const deletion = outcome(deleting.execute(ownerOf(fallback), fallback.id));
    await pause.reached;
    // The deleter counted one project. Another owner creates a project now, on a connection of their own.
    const creator = new Client({ connectionString: postgres.url });
    await creator.connect();
    try {
      let created = false;
      const creation = insertProject('team', creator).then(() => { created = true; });
      for (;;) {
        if (created || (await waitersOnLocks()) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Had it been created now, the deleter would go on to delete the default beside it.
      expect(created).toBe(false);
      pause.go();
      expect(await deletion).toBe('deleted');
      await creation;
      expect(await names()).toEqual(['team']);
    } finally {
      await creator.end();
    }
  });

  it('deletes two projects asked at once as one after the other would: never the default while the other remains', async () => {
    const fallback = await insertProject('default');
    const team = await insertProject('team');
    // The team's deleter has checked (the team is not the default) and stops there; then the default's deleter asks.
    const pause = projects.pauseAfterNext('findDefault');
    const teamDeletion = outcome(deleting.execute(ownerOf(team), team.id));
    await pause.reached;
    const defaultDeletion = outcome(deleting.execute(ownerOf(fallback), fallback.id));
    let answered = false;
    void defaultDeletion.then(() => { answered = true; });
    for (;;) {
      if (answered || (await waitersOnLocks()) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    pause.go();
    const outcomes = [await teamDeletion, await defaultDeletion];
    const left = await names();
    const oneAfterTheOther = [
      { outcomes: ['deleted', 'deleted'], left: [] }, // the team first, then the default as the last
      { outcomes: ['deleted', 'conflict'], left: ['default'] }, // the default refused while the team was there
    ];
    expect(oneAfterTheOther).toContainEqual({ outcomes, left });
  });
});
