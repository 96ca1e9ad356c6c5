import { DataSource } from 'typeorm';
import { ENVIRONMENT_CONNECTION_ID, type ProviderKind, isProviderKind } from '@crucible/domain';
import { type ConnectionSummary, ProviderConnectionDirectory } from '@crucible/application';
import { CONNECTED_KINDS, CONNECTION_SUMMARY } from './provider-connection.sql';

const ENVIRONMENT: ConnectionSummary = { id: ENVIRONMENT_CONNECTION_ID, name: ENVIRONMENT_CONNECTION_ID, kind: 'openai' };

/**
 * The project's connections from `provider_connections` (id, project_id, name, kind), plus the read-only `environment`
 * one when OPENAI_API_KEY is set.
 */
export class SqlProviderConnectionDirectory extends ProviderConnectionDirectory {
  constructor(private readonly dataSource: DataSource, private readonly environmentConnection: boolean) {
    super();
  }

  async kindsConnected(projectId: string): Promise<ProviderKind[]> {
    const kinds = new Set<ProviderKind>(this.environmentConnection ? [ENVIRONMENT.kind] : []);
    const rows: Array<{ kind: string }> = await this.dataSource.query(CONNECTED_KINDS, [projectId]);
    for (const { kind } of rows) if (isProviderKind(kind)) kinds.add(kind);
    return [...kinds];
  }

  async connectionById(projectId: string, id: string): Promise<ConnectionSummary | null> {
    if (id === ENVIRONMENT_CONNECTION_ID) return this.environmentConnection ? ENVIRONMENT : null;
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row]: Array<{ id: string; name: string; kind: string }> = await this.dataSource.query(CONNECTION_SUMMARY, [projectId, id]);
    return row && isProviderKind(row.kind) ? { id: row.id, name: row.name, kind: row.kind } : null;
  }
}
