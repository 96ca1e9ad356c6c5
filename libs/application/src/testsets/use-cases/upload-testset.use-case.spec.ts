import { DomainError } from '@crucible/domain';
import { InMemoryWorld, actorOf } from '../../testing/in-memory-world';
import { type UploadFields, UploadTestsetUseCase } from './upload-testset.use-case';

/** A CSV of `rows` rows, one line a chunk; `during(line)` runs as each line is handed over. */
async function* csv(rows: number, options: { badAt?: number; during?: (line: number) => void } = {}): AsyncGenerator<Uint8Array> {
  yield Buffer.from('q,a\n');
  for (let line = 0; line < rows; line++) {
    options.during?.(line);
    yield Buffer.from(line === options.badAt ? 'only one field\n' : `question ${line},answer ${line}\n`);
  }
}

const refusal = (error: unknown) => (error instanceof DomainError ? { code: error.code, violations: error.violations } : error);

describe('UploadTestsetUseCase', () => {
  const setUp = () => {
    const world = new InMemoryWorld();
    return { world, actor: actorOf(), upload: new UploadTestsetUseCase(world.testsets, world.getApp) };
  };
  const fields = (value: UploadFields = {}) => Promise.resolve(value);

  it('writes the rows in batches while the file is still arriving, and creates the set whole at the end', async () => {
    const { world, actor, upload } = setUp();
    let stagedBeforeTheEnd = 0;
    const content = csv(5_000, { during: (line) => {
      if (line === 4_999) stagedBeforeTheEnd = [...world.testsets.staged.values()].reduce((n, u) => n + u.batches.size, 0);
    } });
    const summary = await upload.execute(actor, { fileName: 'big.csv', content, fields: fields({ name: 'big' }) });
    expect(stagedBeforeTheEnd).toBeGreaterThanOrEqual(3);
    expect(summary).toMatchObject({ name: 'big', columns: ['q', 'a'], rowsCount: 5_000 });
    const stored = await world.testsets.findById(actor.projectId, summary.id);
    expect(stored!.rows).toHaveLength(5_000);
    expect(stored!.rows.every((row, i) => row['q'] === `question ${i}`)).toBe(true);
    expect(world.testsets.staged.size).toBe(0);
  });

  it('creates nothing and keeps nothing staged when a row far into the file is bad', async () => {
    const { world, actor, upload } = setUp();
    const failed = await upload.execute(actor, { fileName: 'bad.csv', content: csv(5_000, { badAt: 4_500 }), fields: fields() }).catch(refusal);
    expect(failed).toMatchObject({ code: 'invalid_input', violations: [{ field: ['file'], reason: expect.stringContaining('line 4502') }] });
    expect(world.testsets.testsets).toEqual([]);
    expect(world.testsets.staged.size).toBe(0);
  });

  it('answers in the order a whole-file read did: fields, then the file, then its rows, then the name', async () => {
    const { actor, upload } = setUp();
    const run = (content: AsyncIterable<Uint8Array>, late: UploadFields) =>
      upload.execute(actor, { fileName: 'rows.csv', content, fields: fields(late) }).catch(refusal);
    const nulRows = async function* nulRows() {
      yield Buffer.from('q\nfine\nbad \u0000 one\nworse \u0000 two\n');
    };
    expect(await run(csv(3, { badAt: 1 }), { name: 'x\u0000' })).toMatchObject({ violations: [{ field: ['testset_name'], rule: 'unstorable_text' }] });
    expect(await run(nulRows(), { name: ' ' })).toMatchObject({ violations: [{ field: ['file', 2, 'q'], rule: 'unstorable_text' }] });
    expect(await run(csv(3), { name: ' ' })).toMatchObject({ violations: [{ field: ['testset_name'] }] });
  });

  it('refuses an upload_type sent after the file that names another format than the one read', async () => {
    const { world, actor, upload } = setUp();
    const failed = await upload.execute(actor, { fileName: 'rows.csv', content: csv(3), fields: fields({ uploadType: 'json' }) }).catch(refusal);
    expect(failed).toMatchObject({ violations: [{ field: ['upload_type'], reason: expect.stringContaining('before the file') }] });
    const same = await upload.execute(actor, { fileName: 'rows.csv', content: csv(3), fields: fields({ uploadType: 'CSV' }) });
    expect(same.rowsCount).toBe(3);
    expect(world.testsets.testsets).toHaveLength(1);
  });

  it('forgets the staged rows when the form fails after the file', async () => {
    const { world, actor, upload } = setUp();
    const broken = Promise.reject(new Error('form cut off'));
    broken.catch(() => undefined);
    await expect(upload.execute(actor, { fileName: 'rows.csv', content: csv(5_000), fields: broken })).rejects.toThrow('form cut off');
    expect(world.testsets.staged.size).toBe(0);
    expect(world.testsets.testsets).toEqual([]);
  });
});
