import { InMemoryTestsetRepository } from '../testing/in-memory-testset.repository';
import { IN_MEMORY_RUN_STORAGE_POLICY as policy } from '../testing/in-memory-run-storage-policy';
import { pendingTestsetRows } from './testset-rows';

const { firstRowPageSize: FIRST_PAGE_SIZE, rowPageSize: ROW_PAGE_SIZE } = policy;

/** A test set of `count` rows whose page reads are recorded (by first row index). */
function testsetOf(count: number) {
  const testsets = new InMemoryTestsetRepository();
  const now = new Date();
  testsets.testsets.push({
    id: 't', projectId: 'p', appId: null, name: 'rows', columns: ['n'], version: 1, createdAt: now, updatedAt: now,
    rows: Array.from({ length: count }, (_, n) => ({ n })),
  });
  const reads: number[] = [];
  const readRows = testsets.readRows.bind(testsets);
  testsets.readRows = (projectId, id, version, fromIndex, limit) => {
    reads.push(fromIndex);
    return readRows(projectId, id, version, fromIndex, limit);
  };
  return { testsets, reads };
}

describe('pendingTestsetRows', () => {
  it('yields every row not stored yet, in order, across pages', async () => {
    const count = ROW_PAGE_SIZE * 2 + 5;
    const { testsets } = testsetOf(count);
    const stored = new Set([0, FIRST_PAGE_SIZE - 1, FIRST_PAGE_SIZE, ROW_PAGE_SIZE, count - 1]);
    const indexes: number[] = [];
    for await (const { index, row } of pendingTestsetRows(testsets, 'p', 't', 1, count, stored, policy)) {
      expect(row).toEqual({ n: index });
      indexes.push(index);
    }
    expect(indexes).toEqual(Array.from({ length: count }, (_, n) => n).filter((n) => !stored.has(n)));
  });

  it('starts with a small page, and asks for the next page as soon as a page arrives, not when its rows run out', async () => {
    const { testsets, reads } = testsetOf(ROW_PAGE_SIZE * 2 + 5);
    const rows = pendingTestsetRows(testsets, 'p', 't', 1, ROW_PAGE_SIZE * 2 + 5, new Set(), policy)[Symbol.asyncIterator]();
    await rows.next();
    expect(reads).toEqual([0, FIRST_PAGE_SIZE]);
    for (let taken = 1; taken < FIRST_PAGE_SIZE + 1; taken += 1) await rows.next();
    expect(reads).toEqual([0, FIRST_PAGE_SIZE, FIRST_PAGE_SIZE + ROW_PAGE_SIZE]);
  });

  it('fails the run when the rows run out early (the test set was deleted meanwhile)', async () => {
    const pages = FIRST_PAGE_SIZE + ROW_PAGE_SIZE;
    const { testsets } = testsetOf(pages + 10);
    const rows: number[] = [];
    const walk = async () => {
      for await (const { index } of pendingTestsetRows(testsets, 'p', 't', 1, pages + 20, new Set(), policy)) rows.push(index);
    };
    await expect(walk()).rejects.toMatchObject({ code: 'rule_violation', message: expect.stringMatching(/was deleted/) });
    expect(rows).toHaveLength(pages);
  });
});
