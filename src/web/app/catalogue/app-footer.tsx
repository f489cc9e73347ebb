import { ContactLinks } from '../../components/contact-links.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';

/** Footer: brand, tagline and the chat links. */
export function AppFooter() {
  const config = usePublicConfig();
  return (
    <footer className="mt-10 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-[1600px] flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row">
        <p>
          © {new Date().getFullYear()} {config.brandName} · {config.tagline}
        </p>
        <ContactLinks whatsappAdmin={config.whatsappAdmin} whatsappSales={config.whatsappSales} />
      </div>
    </footer>
  );
}
