import { type Testset, type TestsetRow, type TestsetSummary, DomainError } from '@crucible/domain';
import { type TestsetPatch, TestsetRepository } from '../testsets/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';

export class InMemoryTestsetRepository extends TestsetRepository {
  readonly testsets: Testset[] = [];

  async create(testset: Testset): Promise<void> {
    if (this.testsets.some((t) => t.projectId === testset.projectId && t.name === testset.name)) {
      throw new DomainError('conflict', `testset "${testset.name}" already exists`);
    }
    this.testsets.push(testset);
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
