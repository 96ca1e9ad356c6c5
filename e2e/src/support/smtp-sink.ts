import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  from: string;
  subject: string;
  /** The text body, its transfer encoding undone. */
  text: string;
  /** Who signed in to send it (AUTH PLAIN/LOGIN), if anyone. */
  user: string | undefined;
}

/** A mail server slow to answer: the next mails are read, but taken (answered 250) only at `release()`. */
export interface HeldAnswers {
  /** Resolves once a mail has been read and waits for its answer. */
  received: Promise<void>;
  release(): void;
}

export interface SmtpSink {
  url: (credentials?: string) => string;
  mails: ReceivedMail[];
  hold(): HeldAnswers;
  close(): Promise<void>;
}

function decodeBody(encoding: string, body: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); whitespace between two of them is not text. */
function decodeWords(header: string): string {
  return header.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
    (kind.toUpperCase() === 'B' ? decodeBody('base64', text) : decodeBody('quoted-printable', text.replace(/_/g, ' '))));
}

/** A single-part text mail as nodemailer writes one: headers (folded lines joined), a blank line, the body. */
function parse(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const header = (name: string) => headers.find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim() ?? '';
  return { subject: decodeWords(header('Subject')), text: decodeBody(header('Content-Transfer-Encoding').toLowerCase(), raw.slice(split + 4)).replace(/\r\n/g, '\n') };
}

/** A local SMTP server on a random port that keeps every mail it is given (no TLS; any credentials accepted). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let held: { received: () => void; released: Promise<void> } | undefined;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (held) {
          held.received();
          await held.released;
        }
        mails.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          user: typeof session.user === 'string' ? session.user : undefined,
          ...parse(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: (credentials) => `smtp://${credentials ? `${credentials}@` : ''}127.0.0.1:${port}`,
    mails,
    hold() {
      let received!: () => void;
      let released!: () => void;
      const gate = { received: new Promise<void>((resolve) => { received = resolve; }), released: new Promise<void>((resolve) => { released = resolve; }) };
      held = { received, released: gate.released };
      return { received: gate.received, release: () => { held = undefined; released(); } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
