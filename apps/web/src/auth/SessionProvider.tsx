import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type Session, SessionContext, forgetApiKey, readStoredApiKey, storeApiKey } from './session';

/** The pasted API key lives in localStorage; signing out (or any 401) forgets it and every cached answer. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [apiKey, setApiKey] = useState<string | null>(readStoredApiKey);
  const signIn = useCallback((key: string) => {
    storeApiKey(key);
    queryClient.clear();
    setApiKey(key);
  }, [queryClient]);
  const signOut = useCallback(() => {
    forgetApiKey();
    queryClient.clear();
    setApiKey(null);
  }, [queryClient]);
  const session = useMemo<Session>(() => ({ apiKey, signIn, signOut }), [apiKey, signIn, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
