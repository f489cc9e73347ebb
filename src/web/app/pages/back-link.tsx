import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button.tsx';
import { routes } from '../paths.ts';

/** "Volver" to the catalogue. */
export function BackToCatalogue({ label = 'Volver' }: { label?: string }) {
  return (
    <Link href={routes.home} className={buttonClasses('outline', 'sm')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
