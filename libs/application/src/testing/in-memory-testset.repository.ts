import {
  type Testset, type TestsetRow, type TestsetSummary, type TestsetVersion, type TestsetVersionStamp, DomainError, rowContentKey,
} from '@crucible/domain';
import { type TestsetPatch, TestsetRepository } from '../testsets/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';

/** `testsets` holds each test set as of its latest version; `history` every version made through this repository. */
export class InMemoryTestsetRepository extends TestsetRepository {
  readonly testsets: Testset[] = [];
  readonly history = new Map<string, Array<{ testset: Testset; stamp: TestsetVersionStamp | null }>>();
  /** Staged batches by upload id. */
  readonly staged = new Map<string, { projectId: string; batches: Map<number, TestsetRow[]> }>();

  async create(testset: Testset, stamp: TestsetVersionStamp): Promise<void> {
    if (this.testsets.some((t) => t.projectId === testset.projectId && t.name === testset.name)) {
      throw new DomainError('conflict', `testset "${testset.name}" already exists`);
    }
    const created = { ...testset, version: 1 };
    this.testsets.push(created);
    this.history.set(testset.id, [{ testset: created, stamp }]);
  }

  async stageRows(projectId: string, uploadId: string, batch: number, rows: TestsetRow[]): Promise<void> {
    const upload = this.staged.get(uploadId) ?? { projectId, batches: new Map<number, TestsetRow[]>() };
    upload.batches.set(batch, rows);
    this.staged.set(uploadId, upload);
  }

  async createFromStaged(testset: Omit<Testset, 'rows' | 'version'>, uploadId: string, stamp: TestsetVersionStamp): Promise<void> {
    const upload = this.staged.get(uploadId);
    const batches = upload?.projectId === testset.projectId ? [...upload.batches].sort(([a], [b]) => a - b) : [];
    await this.create({ ...testset, version: 1, rows: batches.flatMap(([, rows]) => rows) }, stamp);
    this.staged.delete(uploadId);
  }

  async discardStaged(projectId: string, uploadId: string): Promise<void> {
    if (this.staged.get(uploadId)?.projectId === projectId) this.staged.delete(uploadId);
  }

  async list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<TestsetSummary>> {
    return pageOfList(this.testsets.filter((t) => t.projectId === projectId && (!appId || t.appId === appId)).map(summary), page, (t) => t.id);
  }

  async findById(projectId: string, id: string, version?: number): Promise<Testset | null> {
    const latest = this.testsets.find((t) => t.projectId === projectId && t.id === id);
    if (!latest || version === undefined || version === latest.version) return latest ?? null;
    return this.history.get(id)?.find((made) => made.testset.version === version)?.testset ?? null;
  }

  async findSummary(projectId: string, id: string, version?: number): Promise<TestsetSummary | null> {
    const testset = await this.findById(projectId, id, version);
    return testset ? summary(testset) : null;
  }

  async readRows(projectId: string, id: string, version: number, fromIndex: number, limit: number): Promise<Array<{ index: number; row: TestsetRow }>> {
    const testset = await this.findById(projectId, id, version);
    return (testset?.rows.slice(fromIndex, fromIndex + limit) ?? []).map((row, offset) => ({ index: fromIndex + offset, row }));
  }

  async rowContentKeys(projectId: string, id: string, version: number): Promise<string[]> {
    return ((await this.findById(projectId, id, version))?.rows ?? []).map(rowContentKey);
  }

  async listVersions(projectId: string, id: string, page: PageRequest): Promise<Page<TestsetVersion>> {
    if (!(await this.findById(projectId, id))) return { items: [], nextCursor: null };
    const versions = [...(this.history.get(id) ?? [])].reverse().map(({ testset, stamp }): TestsetVersion => ({
      testsetId: id, version: testset.version, columns: testset.columns, rowsCount: testset.rows.length,
      change: stamp?.change ?? 'before_versioning', createdBy: stamp?.createdBy ?? null, createdAt: testset.updatedAt,
    }));
    return pageOfList(versions, page, (version) => String(version.version));
  }

  async update(projectId: string, id: string, patch: TestsetPatch, stamp: TestsetVersionStamp): Promise<TestsetSummary | null> {
    const index = this.testsets.findIndex((t) => t.projectId === projectId && t.id === id);
    if (index < 0) return null;
    const current = this.testsets[index]!;
    const next: Testset = { ...current, ...patch };
    if (patch.rows !== undefined) {
      next.version = current.version + 1;
      const history = this.history.get(id) ?? [{ testset: current, stamp: null }];
      this.history.set(id, [...history, { testset: next, stamp }]);
    }
    this.testsets[index] = next;
    return summary(next);
  }

  async delete(projectId: string, ids: string[]): Promise<string[]> {
    const doomed = this.testsets.filter((t) => t.projectId === projectId && ids.includes(t.id));
    for (const testset of doomed) {
      this.testsets.splice(this.testsets.indexOf(testset), 1);
      this.history.delete(testset.id);
    }
    return doomed.map((t) => t.id);
  }
}

const summary = ({ rows, ...rest }: Testset): TestsetSummary => ({ ...rest, rowsCount: rows.length });
