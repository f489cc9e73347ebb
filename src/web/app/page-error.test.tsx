import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { isChunkLoadError, PageErrorBoundary } from './page-error.tsx';

let failures = 0;
/** Throws `error` the first `failures` times it renders, then shows its text. */
function Flaky({ error }: { error: Error }) {
  if (failures > 0) {
    failures -= 1;
    throw error;
  }
  return <p>Pantalla lista</p>;
}

/**
 * Renders the boundary around a screen that throws `error` on its first two renders (React renders
 * twice before giving up on a throwing component), with React's error logging silenced.
 */
function renderFailingScreen(error: Error, path?: string) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  failures = 2;
  return renderWithApp(
    <PageErrorBoundary>
      <Flaky error={error} />
    </PageErrorBoundary>,
    { path },
  );
}

describe('PageErrorBoundary', () => {
  afterEach(() => {
    failures = 0;
    vi.restoreAllMocks();
  });

  it('shows a Spanish message instead of a blank page, and "Reintentar" renders the screen again', async () => {
    renderFailingScreen(new Error('boom'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocurrió un error al mostrar esta pantalla');
    expect(screen.getByRole('button', { name: 'Recargar página' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Pantalla lista')).toBeInTheDocument();
  });

  it('tells a failed chunk download apart and offers only a reload', async () => {
    renderFailingScreen(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/admin-x.js'));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar esta pantalla');
    expect(screen.getByRole('button', { name: 'Recargar página' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it('clears the error when the visitor moves to another route', async () => {
    const { location } = renderFailingScreen(new Error('boom'), '/admin');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    act(() => location.navigate('/'));
    expect(await screen.findByText('Pantalla lista')).toBeInTheDocument();
  });

  it('recognizes the chunk errors of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
