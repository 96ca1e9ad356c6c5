import { createTransport } from 'nodemailer';
import { type InvitationMail, InvitationMailer } from '@crucible/application';

/** A mail server that does not answer must not hold the inviter's request for nodemailer's default two minutes. */
const SMTP_TIMEOUT_MS = 10_000;

/** One line, so nothing a project's name holds can start another header. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function invitationMailText(mail: InvitationMail): { subject: string; text: string } {
  const project = oneLine(mail.projectName);
  return {
    subject: `You are invited to the Crucible project "${project}"`,
    text: [
      `${oneLine(mail.invitedBy)} invited you to the Crucible project "${project}" as ${mail.role}.`,
      '',
      'Open this link to accept (it works once):',
      mail.inviteUrl,
      '',
      `The link expires on ${mail.expiresAt.toISOString()}. If you did not expect this invitation, ignore this mail.`,
      '',
    ].join('\n'),
  };
}

/**
 * Mails invitations through the SMTP server of CRUCIBLE_SMTP_URL (`smtp://user:pass@host:port`, or `smtps://`). A
 * failure is reported to `onFailure` (the api logs it) and answered false: the invitation itself stands.
 */
export class NodemailerInvitationMailer extends InvitationMailer {
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(smtpUrl: string, private readonly from: string, private readonly onFailure: (error: unknown, to: string) => void) {
    super();
    this.transport = createTransport({
      url: smtpUrl, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS,
    });
  }

  async send(mail: InvitationMail): Promise<boolean> {
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, ...invitationMailText(mail) });
      return true;
    } catch (error) {
      this.onFailure(error, mail.to);
      return false;
    }
  }
}

/** Without CRUCIBLE_SMTP_URL nothing is mailed: the inviter passes the link on. */
export class UnconfiguredInvitationMailer extends InvitationMailer {
  async send(): Promise<boolean> {
    return false;
  }
}
