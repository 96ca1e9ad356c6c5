import { type Testset, type TestsetRow, type TestsetSummary, DomainError } from '@crucible/domain';
import { type TestsetPatch, TestsetRepository } from '../testsets/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';

export class InMemoryTestsetRepository extends TestsetRepository {
  readonly testsets: Testset[] = [];
  /** Staged batches by upload id. */
  readonly staged = new Map<string, { projectId: string; batches: Map<number, TestsetRow[]> }>();

  async create(testset: Testset): Promise<void> {
    if (this.testsets.some((t) => t.projectId === testset.projectId && t.name === testset.name)) {
      throw new DomainError('conflict', `testset "${testset.name}" already exists`);
    }
    this.testsets.push(testset);
  }

  async stageRows(projectId: string, uploadId: string, batch: number, rows: TestsetRow[]): Promise<void> {
    const upload = this.staged.get(uploadId) ?? { projectId, batches: new Map<number, TestsetRow[]>() };
    upload.batches.set(batch, [...rows]);
    this.staged.set(uploadId, upload);
  }

  async createFromStaged(testset: Omit<Testset, 'rows'>, uploadId: string): Promise<void> {
    const upload = this.staged.get(uploadId);
    const batches = upload?.projectId === testset.projectId ? [...upload.batches].sort(([a], [b]) => a - b) : [];
    await this.create({ ...testset, rows: batches.flatMap(([, rows]) => rows) });
    this.staged.delete(uploadId);
  }

  async discardStaged(projectId: string, uploadId: string): Promise<void> {
    if (this.staged.get(uploadId)?.projectId === projectId) this.staged.delete(uploadId);
  }

  async list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<TestsetSummary>> {
    return pageOfList(this.testsets.filter((t) => t.projectId === projectId && (!appId || t.appId === appId)).map(summary), page, (t) => t.id);
  }

  async findById(projectId: string, id: string): Promise<Testset | null> {
    return this.testsets.find((t) => t.projectId === projectId && t.id === id) ?? null;
  }

  async findSummary(projectId: string, id: string): Promise<TestsetSummary | null> {
    const testset = await this.findById(projectId, id);
    return testset ? summary(testset) : null;
  }

  async readRows(projectId: string, id: string, fromIndex: number, limit: number): Promise<Array<{ index: number; row: TestsetRow }>> {
    const testset = await this.findById(projectId, id);
    return (testset?.rows.slice(fromIndex, fromIndex + limit) ?? []).map((row, offset) => ({ index: fromIndex + offset, row }));
  }

  async update(projectId: string, id: string, patch: TestsetPatch): Promise<TestsetSummary | null> {
    const testset = await this.findById(projectId, id);
    if (!testset) return null;
    Object.assign(testset, patch);
    return summary(testset);
  }

  async delete(projectId: string, ids: string[]): Promise<string[]> {
    const doomed = this.testsets.filter((t) => t.projectId === projectId && ids.includes(t.id));
    for (const testset of doomed) this.testsets.splice(this.testsets.indexOf(testset), 1);
    return doomed.map((t) => t.id);
  }
}

const summary = ({ rows, ...rest }: Testset): TestsetSummary => ({ ...rest, rowsCount: rows.length });
