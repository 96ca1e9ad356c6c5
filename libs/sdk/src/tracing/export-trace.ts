import type { Trace, TraceRecord } from '@crucible/contracts';
import { sdkState } from '../init/sdk-state';
import type { TraceExportStats } from './trace-exporter';

type Place = Pick<TraceRecord, 'route' | 'app_id' | 'variant_id' | 'variant_revision_id' | 'environment' | 'session_id' | 'user_id'>;

/** Hands a finished call's trace to the background exporter, when there is one. Inputs and output are the root span's, already redacted. */
export function exportTrace(trace: Trace, place: Place): void {
  const exporter = sdkState().exporter;
  if (!exporter) return;
  const root = trace.spans.find((span) => span.parent_span_id === null) ?? trace.spans[0];
  exporter.enqueue({ ...trace, ...place, inputs: root?.inputs, output: root?.outputs });
}

/** Sends every queued trace now (e.g. before a short-lived script exits); resolves when done, never rejects. */
export async function flushTraces(): Promise<void> {
  await sdkState().exporter?.flush();
}

/** What the exporter did so far, or null when export is off. */
export function traceExportStats(): TraceExportStats | null {
  return sdkState().exporter?.stats() ?? null;
}
