import type { Actor, Session, User } from '@crucible/domain';

/**
 * Who sent a request, before any project is picked: an API key (which belongs to one project, so it is an actor
 * at once), or a signed-in person, who acts in whichever of their projects the request names.
 */
export type Caller = { type: 'api_key'; actor: Actor } | { type: 'user'; user: User; session: Session };
