import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, errorResponse, installFakeClock, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../texts.ts';
import { adminPartsPage, buildAdminPart } from '../test-fixtures.ts';
import { callsTo } from '../test-utils.ts';
import { RELATED_SEARCH_DEBOUNCE_MS, RelatedTab } from './related-tab.tsx';

const main = buildAdminPart({ id: 1, partNumber: 'PN-1', description: 'Bomba de agua' });
const related = buildAdminPart({ id: 2, partNumber: 'PN-2', description: 'Junta de bomba' });
const candidate = buildAdminPart({ id: 3, partNumber: 'PN-3', description: 'Correa' });

let userEvent: UserEvent;
beforeEach(() => {
  userEvent = installFakeClock();
});

async function pickMain() {
  await userEvent.type(screen.getByLabelText('Buscar producto principal'), 'bomba');
  await advanceClock(ADMIN_SEARCH_DEBOUNCE_MS);
  const results = await screen.findByRole('table', { name: 'Productos encontrados' });
  await userEvent.click(within(results).getByRole('button', { name: 'Seleccionar' }));
  await screen.findByText(/Producto principal:/);
}

function api(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/admin/parts': adminPartsPage([main]),
    'GET /api/products/1/relations': { relatedProducts: [related] },
    'GET /api/products/search-for-relation': [related, candidate],
    ...routes,
  });
}

describe('RelatedTab', () => {
  it('searches candidates only from 2 characters, excluding the main product', async () => {
    const fetchMock = api();
    renderWithApp(<RelatedTab />);
    await pickMain();
    const row = within(await screen.findByRole('table', { name: 'Productos relacionados con PN-1' })).getByRole('row', { name: /PN-2/ });
    expect(row).toBeInTheDocument();

    const search = screen.getByLabelText('Buscar productos para relacionar');
    await userEvent.type(search, 'c');
    await advanceClock(RELATED_SEARCH_DEBOUNCE_MS * 2);
    expect(callsTo(fetchMock, 'GET', '/api/products/search-for-relation')).toHaveLength(0);

    await userEvent.type(search, 'o');
    await advanceClock(RELATED_SEARCH_DEBOUNCE_MS);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/products/search-for-relation')).toHaveLength(1));
    const params = callsTo(fetchMock, 'GET', '/api/products/search-for-relation')[0]?.url.searchParams;
    expect(params?.get('query')).toBe('co');
    expect(params?.get('excludeId')).toBe('1');

    const candidates = await screen.findByRole('table', { name: 'Candidatos para relacionar' });
    expect(within(candidates).getByText('Ya relacionado')).toBeInTheDocument();
    expect(within(candidates).getAllByRole('button', { name: /^Agregar/ })).toHaveLength(1);

    // Back under 2 characters: no new search.
    await userEvent.type(search, '{Backspace}');
    await advanceClock(RELATED_SEARCH_DEBOUNCE_MS * 2);
    expect(callsTo(fetchMock, 'GET', '/api/products/search-for-relation')).toHaveLength(1);
    expect(screen.queryByRole('table', { name: 'Candidatos para relacionar' })).not.toBeInTheDocument();
  });

  it('adds and removes related products, with the spec toasts on failure', async () => {
    const fetchMock = api({
      'POST /api/products/1/related': () => errorResponse(500, 'INTERNAL', 'x'),
      'DELETE /api/products/1/related/2': { message: 'Producto relacionado eliminado' },
    });
    renderWithApp(<RelatedTab />);
    await pickMain();
    await userEvent.type(screen.getByLabelText('Buscar productos para relacionar'), 'correa');
    await advanceClock(RELATED_SEARCH_DEBOUNCE_MS);
    const candidates = await screen.findByRole('table', { name: 'Candidatos para relacionar' });
    await userEvent.click(within(candidates).getByRole('button', { name: 'Agregar PN-3' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/products/1/related')[0]?.body).toEqual({ relatedProductId: 3 }));
    expect(await screen.findByText('Error al agregar producto relacionado')).toBeInTheDocument();

    const relatedTable = screen.getByRole('table', { name: 'Productos relacionados con PN-1' });
    await userEvent.click(within(relatedTable).getByRole('button', { name: 'Quitar PN-2' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/products/1/related/2')).toHaveLength(1));
    // No toast: the undo row says it (the relations mock still lists PN-2, so it does not stay).
    expect(screen.queryByText('Producto relacionado eliminado')).not.toBeInTheDocument();
  });

  it('undoes "Quitar": the part is related again, in its place, and its "Quitar" takes the focus', async () => {
    const other = buildAdminPart({ id: 4, partNumber: 'PN-4', description: 'Termostato' });
    let linked = [related, other];
    const fetchMock = api({
      'GET /api/products/1/relations': () => json({ relatedProducts: linked }),
      'POST /api/products/1/related': () => {
        linked = [related, other];
        return json({ message: 'Producto relacionado agregado' }, 201);
      },
      'DELETE /api/products/1/related/2': () => {
        linked = [other];
        return json({ message: 'Producto relacionado eliminado' });
      },
    });
    renderWithApp(<RelatedTab />);
    await pickMain();
    const relatedTable = await screen.findByRole('table', { name: 'Productos relacionados con PN-1' });
    await userEvent.click(within(relatedTable).getByRole('button', { name: 'Quitar PN-2' }));
    const row = (await screen.findByText(/Se quitó/)).closest('[role="status"]') as HTMLElement;
    expect(row).toHaveTextContent('Se quitó PN-2 de los relacionados.');
    await waitFor(() => expect(within(relatedTable).getByRole('button', { name: 'Quitar PN-4' })).toHaveFocus());

    await userEvent.click(within(row).getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/products/1/related')[0]?.body).toEqual({ relatedProductId: 2 }));
    const table = screen.getByRole('table', { name: 'Productos relacionados con PN-1' });
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Quitar PN-2' })).toHaveFocus());
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent?.slice(0, 4)),
    ).toEqual(['Códi', 'PN-2', 'PN-4']);
    expect(screen.queryByText(/Se quitó/)).not.toBeInTheDocument();
  });

  it('offers the undo after the last part is gone, and keeps it when putting it back fails', async () => {
    let linked = [related];
    let refuse = true;
    const fetchMock = api({
      'GET /api/products/1/relations': () => json({ relatedProducts: linked }),
      'POST /api/products/1/related': () => {
        if (refuse) return errorResponse(500, 'INTERNAL', 'x');
        linked = [related];
        return json({ message: 'Producto relacionado agregado' }, 201);
      },
      'DELETE /api/products/1/related/2': () => {
        linked = [];
        return json({ message: 'Producto relacionado eliminado' });
      },
    });
    renderWithApp(<RelatedTab />);
    await pickMain();
    const relatedTable = await screen.findByRole('table', { name: 'Productos relacionados con PN-1' });
    await userEvent.click(within(relatedTable).getByRole('button', { name: 'Quitar PN-2' }));
    expect(await screen.findByText('Este producto no tiene productos relacionados.')).toBeInTheDocument();
    const undo = screen.getByRole('button', { name: 'Deshacer' });
    undo.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Error al agregar producto relacionado')).toBeInTheDocument();
    // Still offered, and still focused, for another try.
    expect(undo).toHaveFocus();
    expect(undo).not.toHaveAttribute('aria-busy');
    refuse = false;
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Quitar PN-2' })).toHaveFocus());
    expect(callsTo(fetchMock, 'POST', '/api/products/1/related')).toHaveLength(2);
  });

  it('keeps the keyboard in place while picking, adding and removing', async () => {
    const other = buildAdminPart({ id: 4, partNumber: 'PN-4', description: 'Termostato' });
    let linked = [related, other];
    api({
      'GET /api/products/1/relations': () => json({ relatedProducts: linked }),
      'POST /api/products/1/related': () => {
        linked = [...linked, candidate];
        return json({ message: 'Producto relacionado agregado' }, 201);
      },
      'DELETE /api/products/1/related/2': () => {
        linked = linked.filter((p) => p.id !== 2);
        return json({ message: 'Producto relacionado eliminado' });
      },
    });
    renderWithApp(<RelatedTab />);
    await pickMain();
    // Picked: the focus goes to the chosen main product, read out.
    await waitFor(() => expect(screen.getByText(/Producto principal:/).closest('p')).toHaveFocus());
    await userEvent.type(screen.getByLabelText('Buscar productos para relacionar'), 'correa');
    await advanceClock(RELATED_SEARCH_DEBOUNCE_MS);
    const candidates = await screen.findByRole('table', { name: 'Candidatos para relacionar' });
    // Added: the same button now says so and keeps the focus (the next "Agregar" is one Tab away).
    const add = within(candidates).getByRole('button', { name: 'Agregar PN-3' });
    await userEvent.click(add);
    await waitFor(() => expect(add).toHaveTextContent('Ya relacionado'));
    expect(add).toHaveFocus();
    // Removed: the next related part's "Quitar" takes the focus.
    const relatedTable = screen.getByRole('table', { name: 'Productos relacionados con PN-1' });
    await userEvent.click(within(relatedTable).getByRole('button', { name: 'Quitar PN-2' }));
    await waitFor(() => expect(within(relatedTable).queryByRole('row', { name: /PN-2/ })).not.toBeInTheDocument());
    await waitFor(() => expect(within(relatedTable).getByRole('button', { name: 'Quitar PN-4' })).toHaveFocus());
    // Another main product: the focus goes back to its search.
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar producto principal' }));
    await waitFor(() => expect(screen.getByLabelText('Buscar producto principal')).toHaveFocus());
  });

  it('hands the focus to the candidate search once the last related part is removed', async () => {
    let linked = [related];
    api({
      'GET /api/products/1/relations': () => json({ relatedProducts: linked }),
      'DELETE /api/products/1/related/2': () => {
        linked = [];
        return json({ message: 'Producto relacionado eliminado' });
      },
    });
    renderWithApp(<RelatedTab />);
    await pickMain();
    const relatedTable = await screen.findByRole('table', { name: 'Productos relacionados con PN-1' });
    await userEvent.click(within(relatedTable).getByRole('button', { name: 'Quitar PN-2' }));
    expect(await screen.findByText('Este producto no tiene productos relacionados.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Buscar productos para relacionar')).toHaveFocus());
  });

  it('toasts search and remove failures', async () => {
    api({
      'GET /api/products/search-for-relation': () => errorResponse(500, 'INTERNAL', 'x'),
      'DELETE /api/products/1/related/2': () => errorResponse(500, 'INTERNAL', 'x'),
    });
    renderWithApp(<RelatedTab />);
    await pickMain();
    await userEvent.type(screen.getByLabelText('Buscar productos para relacionar'), 'ab');
    await advanceClock(RELATED_SEARCH_DEBOUNCE_MS);
    expect(await screen.findByText('Error al buscar productos')).toBeInTheDocument();
    const relatedTable = screen.getByRole('table', { name: 'Productos relacionados con PN-1' });
    await userEvent.click(within(relatedTable).getByRole('button', { name: 'Quitar PN-2' }));
    expect(await screen.findByText('Error al eliminar producto relacionado')).toBeInTheDocument();
  });
});
