import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trace's row holds the spans that came with its first write, as one `jsonb` array (`inline_spans`); `spans` keeps
 * only those that come later, as OTLP's batches bring them. Every evaluation row writes a trace with its spans once,
 * and as rows of `spans` they were a third of PGlite's work per evaluation row: a replayed run's writes took 183–200 µs
 * of PGlite's worker per row, 112–120 without spans, 144 with them inline; writing 100 traces of two spans, 100–102
 * against 86 µs per row (PostgreSQL: the same either way). Spans written before stay rows of `spans`, which readers
 * join with the inline ones. Like the other payload columns, the array gets no planner statistics.
 */
export class SpansInlineInTheirTrace1764900000000 implements MigrationInterface {
  name = 'SpansInlineInTheirTrace1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE traces ADD COLUMN inline_spans jsonb NOT NULL DEFAULT '[]';
      ALTER TABLE traces ALTER COLUMN inline_spans SET STATISTICS 0;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      INSERT INTO spans (project_id, trace_id, span_id, parent_span_id, name, kind, status, start_time, end_time, latency_ms,
        inputs, outputs, error, model, prompt_tokens, completion_tokens, total_tokens, cost, attributes)
      SELECT t.project_id, t.trace_id, s.* FROM traces t CROSS JOIN LATERAL jsonb_to_recordset(t.inline_spans) AS s(
        span_id text, parent_span_id text, name text, kind text, status text, start_time timestamptz, end_time timestamptz,
        latency_ms float8, inputs jsonb, outputs jsonb, error jsonb, model text, prompt_tokens bigint, completion_tokens bigint,
        total_tokens bigint, cost float8, attributes jsonb)
      ON CONFLICT (project_id, trace_id, span_id) DO NOTHING;
      ALTER TABLE traces DROP COLUMN inline_spans;
    `);
  }
}
