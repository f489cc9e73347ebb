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

/** The admin panel's route (docs/product.md §10.2). */
const PANEL_PATH = '/adminkon2025';

/** A link for a mail to one tab of the admin panel (`…/adminkon2025?tab=usuarios`), built on `PUBLIC_ORIGIN`. */
export function panelLink(config: Pick<Config, 'publicOrigin'>, tab: 'usuarios' | 'solicitudes' | 'pedidos'): string {
  return `${config.publicOrigin}${PANEL_PATH}?tab=${tab}`;
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
