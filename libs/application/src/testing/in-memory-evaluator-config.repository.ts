import { type EvaluatorConfig, DomainError } from '@crucible/domain';
import { EvaluatorConfigRepository } from '../evaluators/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';

export class InMemoryEvaluatorConfigRepository extends EvaluatorConfigRepository {
  readonly configs: EvaluatorConfig[] = [];

  async create(config: EvaluatorConfig): Promise<void> {
    if (this.configs.some((c) => c.projectId === config.projectId && c.appId === config.appId && c.name === config.name)) {
      throw new DomainError('conflict', `evaluator config "${config.name}" already exists`);
    }
    this.configs.push(config);
  }

  async list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<EvaluatorConfig>> {
    const configs = this.configs.filter((c) => c.projectId === projectId && (!appId || c.appId === appId || c.appId === null));
    return pageOfList(configs, page, (c) => c.id);
  }

  async findByIds(projectId: string, ids: string[]): Promise<EvaluatorConfig[]> {
    return this.configs.filter((c) => c.projectId === projectId && ids.includes(c.id));
  }

  async update(config: EvaluatorConfig): Promise<void> {
    const index = this.configs.findIndex((c) => c.projectId === config.projectId && c.id === config.id);
    if (index >= 0) this.configs[index] = config;
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const index = this.configs.findIndex((c) => c.projectId === projectId && c.id === id);
    if (index < 0) return false;
    this.configs.splice(index, 1);
    return true;
  }

  async findUsingConnection(projectId: string, connectionId: string): Promise<EvaluatorConfig[]> {
    return this.configs.filter((c) => c.projectId === projectId && c.settingsValues['connection_id'] === connectionId);
  }
}
