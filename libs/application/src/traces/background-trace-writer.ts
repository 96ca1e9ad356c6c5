import type { TraceWithSpans } from '@crucible/domain';
import { TraceIngestLimits, TraceRepository } from './ports';
import { withComputedCosts } from './computed-costs';
import type { ModelPricing } from '../providers/ports';

/** Traces waiting to be written; past this, new ones are dropped (and counted) rather than held without bound. */
const MAX_PENDING = 10_000;
const FLUSH_AT = 200;
const FLUSH_EVERY_MS = 50;

/**
 * Writes the gateway's traces behind its answers: a call never waits for the database, traces go in batches (one
 * write per project every ~50 ms under load instead of one per call), and shutting down writes what is pending.
 */
export class BackgroundTraceWriter {
  private pending = new Map<string, TraceWithSpans[]>();
  private count = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(
    private readonly traces: TraceRepository,
    private readonly limits: TraceIngestLimits,
    private readonly pricing: ModelPricing,
    private readonly onFailure: (error: unknown, traces: number) => void,
  ) {}

  write(projectId: string, item: TraceWithSpans): void {
    if (this.count >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    const list = this.pending.get(projectId);
    if (list) list.push(item);
    else this.pending.set(projectId, [item]);
    this.count++;
    if (this.count >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  /** Writes everything pending now (after any write already under way). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.count = 0;
    this.flushing = this.flushing.then(() => this.save(batch));
    return this.flushing;
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  private async save(batch: Map<string, TraceWithSpans[]>): Promise<void> {
    for (const [projectId, items] of batch) {
      try {
        await withComputedCosts(projectId, items, this.pricing);
        await this.traces.save(projectId, items, { maxSpansPerTrace: this.limits.maxSpansPerTrace });
      } catch (error) {
        this.onFailure(error, items.length);
      }
    }
  }
}
