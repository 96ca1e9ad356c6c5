import type { CustomModel } from '@crucible/domain';

export type CustomModelChanges = Partial<Pick<CustomModel, 'name' | 'prices' | 'matchPattern'>>;

export abstract class CustomModelRepository {
  /** The project's custom models, oldest first. */
  abstract list(projectId: string): Promise<CustomModel[]>;
  abstract findById(projectId: string, id: string): Promise<CustomModel | null>;
  /** Throws DomainError `conflict` when the connection already has a model of that name. */
  abstract create(model: CustomModel): Promise<CustomModel>;
  /** Throws DomainError `conflict` on a name taken; null when the model is gone. */
  abstract update(projectId: string, id: string, changes: CustomModelChanges, at: Date): Promise<CustomModel | null>;
  /** Whether a model was deleted. */
  abstract delete(projectId: string, id: string): Promise<boolean>;
}
