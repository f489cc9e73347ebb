/**
 * What a visitor sees instead of a blank page when a screen fails to render: a Spanish message and
 * a way on. A failed download of a lazy chunk (a tab left open across a deploy, a dropped mobile
 * connection) is told apart, since reloading the page is what fixes it.
 */
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'wouter';
import { Button } from '../components/ui/button.tsx';

/** True for the errors browsers raise when a dynamic `import()` cannot be fetched or evaluated. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError/i.test(message);
}

function PageError({ error, resetErrorBoundary }: FallbackProps) {
  const chunk = isChunkLoadError(error);
  return (
    <div role="alert" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-xl font-semibold text-slate-900">
        {chunk ? 'No se pudo cargar esta pantalla' : 'Ocurrió un error al mostrar esta pantalla'}
      </h1>
      <p className="text-slate-600">
        {chunk
          ? 'Puede haber una versión nueva del catálogo o un corte de conexión. Recargue la página para continuar.'
          : 'Pruebe de nuevo; si el problema sigue, recargue la página.'}
      </p>
      <div className="flex gap-3">
        {chunk ? null : (
          <Button variant="outline" onClick={() => resetErrorBoundary()}>
            Reintentar
          </Button>
        )}
        <Button onClick={() => window.location.reload()}>Recargar página</Button>
      </div>
    </div>
  );
}

/** Catches render errors below it; moving to another route clears the error. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary FallbackComponent={PageError} resetKeys={[location]}>
      {children}
    </ErrorBoundary>
  );
}
