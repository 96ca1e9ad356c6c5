import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type Credentials, type Session, SessionContext } from './session';
import {
  forgetLegacyApiKey, forgetTabApiKey, readCsrfToken, readPickedProject, readTabApiKey, storePickedProject, storeTabApiKey,
} from './credential-store';

/** A key pasted in this tab wins; else the session's readable cookie says a session may be on (the api confirms it). */
function initialCredentials(): Credentials | null {
  forgetLegacyApiKey();
  const key = readTabApiKey();
  if (key) return { kind: 'api_key', key };
  return readCsrfToken() ? { kind: 'session' } : null;
}

/** Who is signed in here, how, and on which project; changing any of it drops every cached answer. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [credentials, setCredentials] = useState<Credentials | null>(initialCredentials);
  const [projectId, setProjectId] = useState<string | null>(readPickedProject);
  const startSession = useCallback((picked?: string) => {
    forgetTabApiKey();
    queryClient.clear();
    if (picked) {
      storePickedProject(picked);
      setProjectId(picked);
    }
    setCredentials({ kind: 'session' });
  }, [queryClient]);
  const adoptApiKey = useCallback((key: string) => {
    storeTabApiKey(key);
    queryClient.clear();
    setCredentials({ kind: 'api_key', key });
  }, [queryClient]);
  const pickProject = useCallback((picked: string) => {
    storePickedProject(picked);
    // Every answer so far was about the other project; the account's own (who, which projects) stays.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'account' });
    setProjectId(picked);
  }, [queryClient]);
  const forget = useCallback(() => {
    forgetTabApiKey();
    queryClient.clear();
    setCredentials(null);
  }, [queryClient]);
  const session = useMemo<Session>(
    () => ({ credentials, projectId, startSession, adoptApiKey, pickProject, forget }),
    [credentials, projectId, startSession, adoptApiKey, pickProject, forget],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
