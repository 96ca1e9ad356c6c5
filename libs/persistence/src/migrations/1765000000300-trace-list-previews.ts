import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Characters of a list preview (TRACE_PREVIEW_LENGTH of libs/domain, fixed here as this migration wrote it). */
const PREVIEW = 500;

/**
 * The trace list shows the start of each trace's inputs and output, kept beside them when the trace is written. A page of
 * 50 traces of 1 MB inputs and 1 MB output was 100 MB (1.9–2.9 s) with the values whole; cut from the values as the
 * list read them, 72 KB but 1.0–1.6 s (each value is read and printed whole); read from these columns, 72 KB in 5–60 ms.
 * Traces stored before get theirs here.
 */
export class TraceListPreviews1765000000300 implements MigrationInterface {
  name = 'TraceListPreviews1765000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE traces ADD COLUMN inputs_preview text, ADD COLUMN inputs_truncated boolean NOT NULL DEFAULT false,
        ADD COLUMN output_preview text, ADD COLUMN output_truncated boolean NOT NULL DEFAULT false;
      ALTER TABLE traces ALTER COLUMN inputs_preview SET STATISTICS 0, ALTER COLUMN output_preview SET STATISTICS 0;
      UPDATE traces SET
        inputs_preview = left(inputs::text, ${PREVIEW}), inputs_truncated = coalesce(length(inputs::text) > ${PREVIEW}, false),
        output_preview = left(output::text, ${PREVIEW}), output_truncated = coalesce(length(output::text) > ${PREVIEW}, false)
       WHERE inputs IS NOT NULL OR output IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE traces DROP COLUMN inputs_preview, DROP COLUMN inputs_truncated, DROP COLUMN output_preview, DROP COLUMN output_truncated');
  }
}
