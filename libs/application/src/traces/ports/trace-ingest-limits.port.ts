/** Spans one trace keeps across all its batches, unless CRUCIBLE_MAX_SPANS_PER_TRACE says otherwise. */
export const DEFAULT_MAX_SPANS_PER_TRACE = 10_000;

/** Limits of trace ingest (read from the environment by libs/platform): the rest of a trace is refused and counted. */
export abstract class TraceIngestLimits {
  abstract readonly maxSpansPerTrace: number;
}
