/**
 * A real SMTP server on loopback for the mail tests (the app's nodemailer transport talks to it over
 * TCP), and a reader of what it received.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from './net.ts';

/** One received message: its envelope recipients and raw RFC 5322 text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  /** `smtp://127.0.0.1:<port>`, for `smtpUrl`. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * Starts the server; it keeps every message it accepts.
 * @param refuse recipients it refuses (550), to test a mail server that says no.
 */
export async function startSmtp(refuse: string[] = []): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.includes(address.address)) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Decodes quoted-printable text (soft line breaks, `=XX` bytes) as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? ''));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A received plain-text message's subject and body, decoded (quoted-printable or base64). */
export function readMail(mail: ReceivedMail): { subject: string; text: string } {
  const split = mail.raw.search(/\r?\n\r?\n/);
  const head = mail.raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = mail.raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const subject = decodeHeader(head.match(/^Subject: (.*)$/im)?.[1] ?? '');
  const encoding = head
    .match(/^Content-Transfer-Encoding: (.*)$/im)?.[1]
    ?.trim()
    .toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}
