import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes the bytes to a temporary file, hands `use` a reader of it, and removes it: for a file that cannot be
 * read as it arrives (what it is follows it), kept on disk rather than in memory.
 */
export async function withSpooledFile<T>(content: AsyncIterable<Buffer>, use: (spooled: () => Readable) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), 'crucible-upload-'));
  const path = join(directory, 'file');
  try {
    await pipeline(Readable.from(content), createWriteStream(path));
    return await use(() => createReadStream(path));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
