import { randomUUID } from 'node:crypto';
import type { Actor, ApiKey, Project } from '@crucible/domain';
import { issueApiKey } from '@crucible/application';

export function newProjectWithKey(name = 'test'): { project: Project; key: ApiKey; actor: Actor } {
  const project: Project = { id: randomUUID(), name, createdAt: new Date() };
  const { key } = issueApiKey(project.id, 'default', 'editor');
  return { project, key, actor: { projectId: project.id, type: 'api_key', id: key.id, name: key.name, role: key.role } };
}
