import { MessageCircle } from 'lucide-react';
import type { PublicConfig } from '../../shared/api.ts';
import { cn } from '../lib/cn.ts';
import { whatsappUrl } from '../lib/public-config.ts';

export interface ContactLinksProps extends Pick<PublicConfig, 'whatsappAdmin' | 'whatsappSales'> {
  className?: string;
  /** Message prefilled in the chat (e.g. the part code, description and quantity). */
  message?: string;
}

/**
 * The two chat links of docs/product.md §1 (Administración, Ventas), with `message` prefilled when
 * given; a link is left out when its number is unset.
 */
export function ContactLinks({ whatsappAdmin, whatsappSales, className, message }: ContactLinksProps) {
  const links = [
    { label: 'Administración', href: whatsappUrl(whatsappAdmin, message) },
    { label: 'Ventas', href: whatsappUrl(whatsappSales, message) },
  ];
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {links.map((link) =>
        link.href ? (
          <a
            key={link.label}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-11 items-center gap-2 rounded-md bg-green-700 px-4 text-sm font-medium text-white hover:bg-green-800 sm:h-10"
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            WhatsApp {link.label}
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        ) : null,
      )}
    </div>
  );
}
