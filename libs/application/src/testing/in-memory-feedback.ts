import { DomainError, type Score, type ScoreConfig } from '@crucible/domain';
import { type Page, type PageRequest, pageOfList } from '../shared/page';
import { type ScoreConfigFilter, ScoreConfigRepository, type ScoreFilter, ScoreRepository, type ScoreTarget } from '../feedback/ports';
import type { TraceRepository } from '../traces/ports';

/** Score configs in memory, with the adapter's rule: a name is unique among a project's configs not archived. */
export class InMemoryScoreConfigRepository extends ScoreConfigRepository {
  private readonly configs: ScoreConfig[] = [];

  private assertNameFree(config: ScoreConfig): void {
    const taken = this.configs.some((other) => other.projectId === config.projectId && other.id !== config.id && !other.archived && other.name === config.name);
    if (taken) throw new DomainError('conflict', `name: a score config named "${config.name}" already exists in this project`);
  }

  async create(config: ScoreConfig): Promise<void> {
    this.assertNameFree(config);
    this.configs.push({ ...config });
  }

  async list(projectId: string, filter: ScoreConfigFilter, page: PageRequest): Promise<Page<ScoreConfig>> {
    const mine = this.configs.filter((config) => config.projectId === projectId && (filter.archived === undefined || config.archived === filter.archived));
    return pageOfList(mine, page, (config) => config.id);
  }

  async findById(projectId: string, id: string): Promise<ScoreConfig | null> {
    return this.configs.find((config) => config.projectId === projectId && config.id === id) ?? null;
  }

  async findByName(projectId: string, name: string): Promise<ScoreConfig | null> {
    const named = this.configs.filter((config) => config.projectId === projectId && config.name === name);
    return named.find((config) => !config.archived) ?? named.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0] ?? null;
  }

  async setArchived(projectId: string, id: string, archived: boolean, at: Date): Promise<ScoreConfig | null> {
    const config = await this.findById(projectId, id);
    if (!config || config.archived === archived) return config;
    if (!archived) this.assertNameFree({ ...config, archived });
    Object.assign(config, { archived, updatedAt: at });
    return config;
  }
}

/** Scores in memory; what they point at is read from the trace repository they are given. */
export class InMemoryScoreRepository extends ScoreRepository {
  readonly scores: Score[] = [];

  constructor(private readonly traces: TraceRepository) {
    super();
  }

  async save(score: Score): Promise<{ score: Score; created: boolean }> {
    const earlier = await this.findById(score.projectId, score.id);
    if (earlier) return { score: earlier, created: false };
    this.scores.push(score);
    return { score, created: true };
  }

  async findById(projectId: string, id: string): Promise<Score | null> {
    return this.scores.find((score) => score.projectId === projectId && score.id === id) ?? null;
  }

  async list(projectId: string, filter: ScoreFilter, page: PageRequest): Promise<Page<Score>> {
    const mine = this.scores.filter((score) => score.projectId === projectId
      && (!filter.traceId || score.traceId === filter.traceId) && (!filter.name || score.name === filter.name)
      && (!filter.source || score.source === filter.source) && (!filter.from || score.createdAt >= filter.from)
      && (!filter.to || score.createdAt < filter.to));
    const inSession = await Promise.all(mine.map(async (score) => !filter.sessionId
      || (await this.traces.findById(projectId, score.traceId, { limit: 0, after: null }))?.trace.sessionId === filter.sessionId));
    return pageOfList(mine.filter((_, i) => inSession[i]), page, (score) => score.id);
  }

  async target(projectId: string, traceId: string, spanId: string | null): Promise<ScoreTarget> {
    const found = await this.traces.findById(projectId, traceId, { limit: Number.MAX_SAFE_INTEGER, after: null });
    if (!found) return 'no_trace';
    return spanId === null || found.spans.some((span) => span.spanId === spanId) ? 'found' : 'no_span';
  }
}
