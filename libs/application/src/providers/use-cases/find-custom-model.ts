import { type CustomModel, DomainError } from '@crucible/domain';
import type { CustomModelRepository, ModelCatalog, ProviderConnectionDirectory } from '../ports';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A custom model by its id, or by the `<connection name>/<name>` `GET /models` lists it as. A catalog id is refused with
 * 409: the catalog is the package's, and a custom model overrides its price instead.
 */
export async function findCustomModel(
  ports: { customModels: CustomModelRepository; connections: ProviderConnectionDirectory; catalog: ModelCatalog },
  projectId: string, id: string,
): Promise<CustomModel> {
  if (UUID.test(id)) {
    const model = await ports.customModels.findById(projectId, id);
    if (model) return model;
  } else {
    for (const model of await ports.customModels.list(projectId)) {
      const connection = await ports.connections.connectionById(projectId, model.providerConnectionId);
      if (connection && `${connection.name}/${model.name}` === id) return model;
    }
  }
  if (ports.catalog.models().some((model) => model.id === id)) {
    throw new DomainError('conflict', `${id} is a catalog model: catalog models cannot be changed (add a custom model to set its price)`);
  }
  throw DomainError.notFound('custom model', id);
}
