/**
 * Outgoing mail through nodemailer over `SMTP_URL`. Without it (development) the message is logged
 * without its links, so a reset token never reaches a log.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(message) {
        log.info({ to: message.to, subject: message.subject }, 'mail (no SMTP_URL; body with links not logged)');
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: `"${config.brandName}" <no-reply@localhost>`, ...message });
    },
  };
}
