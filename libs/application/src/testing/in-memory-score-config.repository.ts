import { type ScoreConfig, DomainError } from '@crucible/domain';
import { ScoreConfigRepository, type ScoreConfigFilter } from '../feedback/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';

export class InMemoryScoreConfigRepository extends ScoreConfigRepository {
  readonly configs: ScoreConfig[] = [];

  async create(config: ScoreConfig): Promise<void> {
    if (this.configs.some((c) => c.projectId === config.projectId && c.name === config.name && !c.archived)) {
      throw new DomainError('conflict', `score config "${config.name}" already exists`);
    }
    this.configs.push(structuredClone(config));
  }

  async list(projectId: string, filter: ScoreConfigFilter, page: PageRequest): Promise<Page<ScoreConfig>> {
    const configs = this.configs.filter((c) => c.projectId === projectId && (filter.archived === undefined || c.archived === filter.archived));
    return pageOfList(configs, page, (c) => c.id);
  }

  async findById(projectId: string, id: string): Promise<ScoreConfig | null> {
    return structuredClone(this.configs.find((c) => c.projectId === projectId && c.id === id) ?? null);
  }

  async findActiveByName(projectId: string, name: string): Promise<ScoreConfig | null> {
    return structuredClone(this.configs.find((c) => c.projectId === projectId && c.name === name && !c.archived) ?? null);
  }

  async setArchived(projectId: string, id: string, archived: boolean, at: Date): Promise<ScoreConfig | null> {
    const config = this.configs.find((c) => c.projectId === projectId && c.id === id);
    if (!config) return null;
    Object.assign(config, { archived, updatedAt: at });
    return structuredClone(config);
  }
}
