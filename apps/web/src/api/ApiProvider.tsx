import { type ReactNode, createContext, useContext, useMemo } from 'react';
import type { CrucibleClient } from '@crucible/client';
import { useSession } from '../auth/session';
import { createConsoleClient } from './api-client';

const ApiContext = createContext<CrucibleClient | null>(null);

/** One client per way of signing in and picked project: a switch of either gives every screen a fresh one. */
export function ApiProvider({ children }: { children: ReactNode }) {
  const { credentials, projectId, forget } = useSession();
  const client = useMemo(() => (credentials ? createConsoleClient(credentials, projectId, forget) : null), [credentials, projectId, forget]);
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The client, or null while nobody is signed in (the layout asks before it knows). */
export const useApiIfSignedIn = (): CrucibleClient | null => useContext(ApiContext);

/** The signed-in client; screens under the layout are only rendered when someone is signed in. */
export function useApi(): CrucibleClient {
  const client = useApiIfSignedIn();
  if (!client) throw new Error('useApi outside a signed-in page');
  return client;
}
