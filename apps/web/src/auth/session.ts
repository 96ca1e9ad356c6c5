import { createContext, useContext } from 'react';

/** How requests are signed: the session cookie the browser sends by itself, or an API key pasted for this tab. */
export type Credentials = { kind: 'session' } | { kind: 'api_key'; key: string };

export interface Session {
  /** Null: nobody is signed in here (as far as the console knows; the api has the last word, a 401). */
  credentials: Credentials | null;
  /** The project a session's requests act on (`X-Crucible-Project`); an API key acts on its own. */
  projectId: string | null;
  /** The api set the session cookie (sign-in, first-run setup, an accepted invitation). */
  startSession(projectId?: string): void;
  adoptApiKey(key: string): void;
  pickProject(projectId: string): void;
  /** Forget the credentials here (after the api ended the session, or answered 401) and every cached answer. */
  forget(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
