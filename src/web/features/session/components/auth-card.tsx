import type { ReactNode } from 'react';

/**
 * The centred card of the account screens (registration, recovery, reset, admin login): an icon,
 * the page heading, an optional subtitle, the content and an optional footer note.
 */
export function AuthCard({
  icon,
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10">
      <main className={`w-full rounded-xl bg-white p-6 shadow-xl sm:p-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="rounded-full bg-brand-50 p-3 text-brand-700">{icon}</span>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <p className="text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {children}
        {footer ? <div className="mt-6 border-t border-slate-200 pt-4 text-center text-xs text-slate-600">{footer}</div> : null}
      </main>
    </div>
  );
}
