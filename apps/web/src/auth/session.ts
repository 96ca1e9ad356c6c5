import { createContext, useContext } from 'react';

const STORAGE_KEY = 'crucible.apiKey';

export const readStoredApiKey = (): string | null => window.localStorage.getItem(STORAGE_KEY);
export const storeApiKey = (key: string): void => window.localStorage.setItem(STORAGE_KEY, key);
export const forgetApiKey = (): void => window.localStorage.removeItem(STORAGE_KEY);

export interface Session {
  apiKey: string | null;
  signIn(apiKey: string): void;
  signOut(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
