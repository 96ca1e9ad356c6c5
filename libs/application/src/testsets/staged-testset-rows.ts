import { randomUUID } from 'node:crypto';
import type { Testset, TestsetRow, TestsetVersionStamp } from '@crucible/domain';
import { TestsetRepository } from './ports';

export interface StagingBatchSize {
  rows: number;
  /** Characters of keys and values: a batch of 1 MB rows closes long before it reaches `rows`. */
  characters: number;
}

const BATCH: StagingBatchSize = { rows: 1_000, characters: 2 * 1024 * 1024 };

const charactersOf = (row: TestsetRow): number => {
  let characters = 0;
  for (const key in row) characters += key.length + String(row[key]).length + 8;
  return characters;
};

/**
 * An upload's rows, written batch by batch as they are read, so that memory holds one batch however large the file.
 * A file that fits one batch is created by one insert, as a JSON body is; nothing of a larger one is visible before
 * `create`, and `discard` forgets what was staged.
 */
export class StagedTestsetRows {
  private readonly uploadId = randomUUID();
  private batch: TestsetRow[] = [];
  private characters = 0;
  private stagedBatches = 0;

  constructor(private readonly testsets: TestsetRepository, private readonly projectId: string, private readonly size: StagingBatchSize = BATCH) {}

  async add(row: TestsetRow): Promise<void> {
    this.batch.push(row);
    this.characters += charactersOf(row);
    if (this.batch.length >= this.size.rows || this.characters >= this.size.characters) await this.stageBatch();
  }

  async create(testset: Omit<Testset, 'rows' | 'version'>, stamp: TestsetVersionStamp): Promise<void> {
    if (this.stagedBatches === 0) return this.testsets.create({ ...testset, rows: this.batch, version: 1 }, stamp);
    if (this.batch.length > 0) await this.stageBatch();
    await this.testsets.createFromStaged(testset, this.uploadId, stamp);
    this.stagedBatches = 0;
  }

  async discard(): Promise<void> {
    this.batch = [];
    if (this.stagedBatches > 0) await this.testsets.discardStaged(this.projectId, this.uploadId);
    this.stagedBatches = 0;
  }

  private async stageBatch(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    this.characters = 0;
    await this.testsets.stageRows(this.projectId, this.uploadId, this.stagedBatches, batch);
    this.stagedBatches += 1;
  }
}
