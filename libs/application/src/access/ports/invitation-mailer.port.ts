import type { ProjectRole } from '@crucible/domain';

export interface InvitationMail {
  to: string;
  projectName: string;
  role: ProjectRole;
  /** Who invited them, as the audit log names them. */
  invitedBy: string;
  inviteUrl: string;
  expiresAt: Date;
}

/** Sends an invitation's link to the invitee (SMTP when CRUCIBLE_SMTP_URL is set). */
export abstract class InvitationMailer {
  /**
   * True once the mail server took the mail; false when no mail server is configured or it failed (the adapter
   * reports why): the invitation stands either way, its link shown to the inviter.
   */
  abstract send(mail: InvitationMail): Promise<boolean>;
}
