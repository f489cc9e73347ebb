/**
 * The account and request notices by e-mail (issue 21 item 7; docs/product.md §10.5):
 * staff (`STAFF_EMAIL`) hear of a new access request and a new part request; the applicant hears
 * of the approval the registration screen promises ("Recibirá una notificación cuando sea
 * aprobada."), or of a rejection and its reason; a password link goes to the account's e-mail.
 * Plain Spanish text, built here and sent through the one {@link Mailer}. A message that has no
 * recipient (no `STAFF_EMAIL`, an account without e-mail) is not built.
 */
import { whatsappReplyLink } from '../../../shared/phone.ts';
import type { Config } from '../../config.ts';
import { type MailMessage, panelLink } from './mail.ts';

type MailConfig = Pick<Config, 'brandName' | 'publicOrigin' | 'staffEmail' | 'whatsappAdmin'>;

/** The contact data of an account, as mails show it. */
export interface AccountContact {
  username: string;
  fullName: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
}

/** `Nombre (Empresa)`, or the username without a name. */
function who(a: AccountContact): string {
  const name = a.fullName || a.username;
  return a.company ? `${name} (${a.company})` : name;
}

/** One line per known field of the contact. */
function contactLines(a: AccountContact & { clientCode?: string | null }): string[] {
  return [
    `Usuario: ${a.username}`,
    a.fullName ? `Nombre: ${a.fullName}` : null,
    a.company ? `Empresa: ${a.company}` : null,
    a.clientCode ? `Código de cliente: ${a.clientCode}` : null,
    a.phone ? `Teléfono: ${a.phone}` : null,
    a.email ? `Email: ${a.email}` : null,
  ].filter((line): line is string => line !== null);
}

/** The mail to staff about a new access request; null without `STAFF_EMAIL`. */
export function registrationNotice(config: MailConfig, applicant: AccountContact): MailMessage | null {
  if (!config.staffEmail) return null;
  return {
    to: config.staffEmail,
    subject: `Nueva solicitud de acceso: ${who(applicant)}`,
    text: [
      `${applicant.fullName || applicant.username} pidió acceso al portal.`,
      '',
      ...contactLines(applicant),
      '',
      `Aprobar o rechazar en el panel: ${panelLink(config, 'usuarios')}`,
    ].join('\n'),
  };
}

/** The mail to staff about a new part request or comment; null without `STAFF_EMAIL`. */
export function partRequestNotice(
  config: MailConfig,
  sender: AccountContact & { clientCode: string | null },
  message: string,
): MailMessage | null {
  if (!config.staffEmail) return null;
  const whatsapp = whatsappReplyLink(sender.phone, `Hola ${sender.fullName || sender.username}, le escribimos por su solicitud: `);
  return {
    to: config.staffEmail,
    subject: `Nueva solicitud de ${who(sender)}`,
    text: [
      `${sender.fullName || sender.username} envió una solicitud:`,
      '',
      message,
      '',
      ...contactLines(sender),
      ...(whatsapp ? [`Responder por WhatsApp: ${whatsapp}`] : []),
      '',
      `Ver en el panel: ${panelLink(config, 'solicitudes')}`,
    ].join('\n'),
  };
}

/** Where an account of each type logs in (docs/product.md §7.3). */
function loginLink(config: MailConfig, profileType: 'client' | 'distributor' | 'admin'): string {
  return `${config.publicOrigin}${profileType === 'distributor' ? '/distribuidores' : '/'}`;
}

/** The mail telling an applicant the request was approved; null when the account has no e-mail. */
export function approvalNotice(
  config: MailConfig,
  user: AccountContact & { clientCode: string | null; profileType: 'client' | 'distributor' | 'admin' },
): MailMessage | null {
  if (!user.email) return null;
  return {
    to: user.email,
    subject: `${config.brandName}: su solicitud de acceso fue aprobada`,
    text: [
      `Hola ${user.fullName || user.username}:`,
      '',
      'Su solicitud de acceso al portal fue aprobada. Ya puede ingresar con su usuario y contraseña.',
      '',
      `Usuario: ${user.username}`,
      ...(user.clientCode ? [`Número de cliente: ${user.clientCode}`] : []),
      `Ingresar: ${loginLink(config, user.profileType)}`,
      '',
      `Si no recuerda su contraseña, puede restablecerla aquí: ${config.publicOrigin}/forgot-password`,
      '',
      config.brandName,
    ].join('\n'),
  };
}

/** The mail telling an applicant the request was refused, with the reason; null without an e-mail. */
export function rejectionNotice(config: MailConfig, user: AccountContact, reason: string): MailMessage | null {
  if (!user.email) return null;
  return {
    to: user.email,
    subject: `${config.brandName}: su solicitud de acceso no fue aprobada`,
    text: [
      `Hola ${user.fullName || user.username}:`,
      '',
      'Revisamos su solicitud de acceso al portal y no pudimos aprobarla.',
      '',
      `Motivo: ${reason}`,
      '',
      `Si tiene dudas, escríbanos por WhatsApp: https://wa.me/${config.whatsappAdmin}`,
      `Puede enviar una nueva solicitud en ${config.publicOrigin}/registro`,
      '',
      config.brandName,
    ].join('\n'),
  };
}

/** A reset token and the account it is for. */
export interface ResetLink {
  token: string;
  email: string;
  username: string;
}

/** `…/reset-password?token=…` on `PUBLIC_ORIGIN` (never the request's host). */
function resetUrl(config: MailConfig, token: string): string {
  return `${config.publicOrigin}/reset-password?token=${encodeURIComponent(token)}`;
}

/** The mail of "¿Olvidó su contraseña?" (docs/product.md §7.6): the reset link, valid 60 minutes. */
export function forgotPasswordMessage(config: MailConfig, reset: ResetLink): MailMessage {
  return {
    to: reset.email,
    subject: `${config.brandName}: restablecer contraseña`,
    text: `Hola ${reset.username}:\n\nPara restablecer tu contraseña abrí este enlace (vence en 60 minutos):\n${resetUrl(config, reset.token)}\n\nSi no lo pediste, ignorá este mensaje.`,
  };
}

/** The mail of the panel's "Enviar enlace de contraseña" (docs/product.md §10.2): the same link, sent by staff. */
export function adminPasswordLinkMessage(config: MailConfig, reset: ResetLink): MailMessage {
  return {
    to: reset.email,
    subject: `${config.brandName}: elija su contraseña`,
    text: [
      `Hola ${reset.username}:`,
      '',
      `Le enviamos un enlace para elegir la contraseña de su usuario ${reset.username} en el portal (vence en 60 minutos):`,
      resetUrl(config, reset.token),
      '',
      `Si el enlace venció, puede pedir otro en ${config.publicOrigin}/forgot-password`,
      '',
      config.brandName,
    ].join('\n'),
  };
}
