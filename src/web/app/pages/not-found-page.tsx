import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { routes } from '../paths.ts';

/** Any unknown path (docs/product.md §2): "Page Not Found". */
export default function NotFoundPage() {
  useDocumentTitle('Página no encontrada');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
      <p aria-hidden="true" className="text-6xl font-black text-brand-600">
        404
      </p>
      <h1 className="text-2xl font-bold text-slate-900">Page Not Found</h1>
      <p className="text-slate-600">La página que busca no existe o fue movida.</p>
      <Link href={routes.home} className={buttonClasses('primary')}>
        Volver al inicio
      </Link>
    </main>
  );
}
