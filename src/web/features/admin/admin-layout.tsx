import { ArrowLeft, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * Page frame of the admin area: a header with the title, a back link and optional actions
 * (e.g. the session's logout button, supplied by the router), and the main landmark.
 * Links start with `~` so they stay absolute inside a nested wouter route.
 */
export function AdminLayout({
  title,
  back,
  actions,
  children,
}: {
  title: string;
  back: { href: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="bg-brand-800 text-white shadow">
        <div className="mx-auto flex w-full max-w-[1600px] flex-wrap items-center justify-between gap-3 px-3 py-3 sm:px-4">
          <div className="flex min-w-0 items-center gap-3">
            <ShieldCheck aria-hidden="true" className="size-6 shrink-0" />
            <h1 className="truncate text-lg font-semibold sm:text-xl">{title}</h1>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {actions}
            <Link
              href={`~${back.href}`}
              className="inline-flex h-9 items-center gap-2 rounded-md border border-white/40 px-3 text-sm font-medium hover:bg-white/10"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {back.label}
            </Link>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-[1600px] flex-1 px-3 py-4 sm:px-4 sm:py-6">{children}</main>
    </div>
  );
}
