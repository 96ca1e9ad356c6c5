import { createContext, useContext } from 'react';
import type { ProjectRole } from './roles';

export interface WorkspaceProject { id: string; name: string; role: ProjectRole }

/** Who is signed in and where: given by the console layout once the api has said it. */
export interface Workspace {
  kind: 'session' | 'api_key';
  /** The person's name, or the API key's. */
  name: string;
  /** The person's or the key's id (as audit events and member lists name them). */
  id: string;
  projects: WorkspaceProject[];
  project: WorkspaceProject;
}

export const WorkspaceContext = createContext<Workspace | null>(null);

export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace outside the console layout');
  return workspace;
}
