/** A person's membership, as a failed sign-in needs it: which project, and who the account is. */
export interface MembershipOfEmail {
  projectId: string;
  userId: string;
  userName: string;
}

/** The projects of the account with an email (none when no account has it); the accounts context answers it. */
export abstract class ProjectsOfEmail {
  abstract find(email: string): Promise<MembershipOfEmail[]>;
}
