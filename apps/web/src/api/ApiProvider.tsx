import { type ReactNode, createContext, useContext, useMemo } from 'react';
import type { CrucibleClient } from '@crucible/client';
import { useSession } from '../auth/session';
import { createConsoleClient } from './api-client';

const ApiContext = createContext<CrucibleClient | null>(null);

export function ApiProvider({ children }: { children: ReactNode }) {
  const { apiKey, signOut } = useSession();
  const client = useMemo(() => (apiKey ? createConsoleClient(apiKey, signOut) : null), [apiKey, signOut]);
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The signed-in client; screens under the layout are only rendered with a key. */
export function useApi(): CrucibleClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi outside a signed-in page');
  return client;
}
