import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SynonymGroup } from '../../../../shared/synonyms.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { callsTo } from '../test-utils.ts';
import { SynonymsTab } from './synonyms-tab.tsx';

/** A server of synonym groups kept in memory, answering like `/api/admin/synonyms`. */
function synonymServer(initial: SynonymGroup[]) {
  let groups = initial.map((g) => ({ ...g }));
  let nextId = 100;
  const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as { terms: string[] };
  const idOf = (url: URL) => Number(url.pathname.split('/').at(-1));
  return {
    'GET /api/admin/synonyms': () => json(groups),
    'POST /api/admin/synonyms': (_url: URL, init: RequestInit | undefined) => {
      const group = { id: nextId++, terms: bodyOf(init).terms };
      groups.push(group);
      return json(group, 201);
    },
    'PUT /api/admin/synonyms/1': (url: URL, init: RequestInit | undefined) => {
      const group = { id: idOf(url), terms: bodyOf(init).terms };
      groups = groups.map((g) => (g.id === group.id ? group : g));
      return json(group);
    },
    'DELETE /api/admin/synonyms/2': (url: URL) => {
      groups = groups.filter((g) => g.id !== idOf(url));
      return json({ message: 'Grupo de sinónimos eliminado' });
    },
  };
}

const seed: SynonymGroup[] = [
  { id: 1, terms: ['jgo', 'juego'] },
  { id: 2, terms: ['vw', 'volkswagen'] },
];

describe('SynonymsTab (issue 18)', () => {
  it('lists the groups and adds one from comma-separated forms', async () => {
    const fetchMock = mockApi(synonymServer(seed));
    renderWithApp(<SynonymsTab />);
    const table = await screen.findByRole('table', { name: 'Grupos de sinónimos' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('volkswagen')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Formas'), ' a/a , aire acondicionado,');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar grupo' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/admin/synonyms')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/admin/synonyms')[0]?.body).toEqual({ terms: ['a/a', 'aire acondicionado'] });
    expect(await screen.findByText('Grupo de sinónimos agregado')).toBeInTheDocument();
    expect(await within(table).findByText('aire acondicionado')).toBeInTheDocument();
    expect(screen.getByLabelText('Formas')).toHaveValue('');
  });

  it('refuses a group of one form with the Spanish message and sends nothing', async () => {
    const fetchMock = mockApi(synonymServer(seed));
    renderWithApp(<SynonymsTab />);
    await screen.findByRole('table', { name: 'Grupos de sinónimos' });
    await userEvent.type(screen.getByLabelText('Formas'), 'izq');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar grupo' }));
    expect(await screen.findByText('un grupo necesita al menos dos formas')).toBeInTheDocument();
    expect(screen.getByLabelText('Formas')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST', '/api/admin/synonyms')).toHaveLength(0);
  });

  it('shows the server message when a change is refused', async () => {
    mockApi({
      ...synonymServer(seed),
      'POST /api/admin/synonyms': () => errorResponse(400, 'VALIDATION', 'Un grupo de sinónimos necesita al menos dos formas distintas'),
    });
    renderWithApp(<SynonymsTab />);
    await screen.findByRole('table', { name: 'Grupos de sinónimos' });
    await userEvent.type(screen.getByLabelText('Formas'), 'der, DER');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar grupo' }));
    expect(await screen.findByText('Un grupo de sinónimos necesita al menos dos formas distintas')).toBeInTheDocument();
  });

  it('edits a group in a dialog', async () => {
    const fetchMock = mockApi(synonymServer(seed));
    renderWithApp(<SynonymsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar jgo · juego' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar grupo de sinónimos' });
    const field = within(dialog).getByLabelText('Formas');
    expect(field).toHaveValue('jgo, juego');
    await userEvent.type(field, ', jgo.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/synonyms/1')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/admin/synonyms/1')[0]?.body).toEqual({ terms: ['jgo', 'juego', 'jgo.'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('jgo.')).toBeInTheDocument();
  });

  it('deletes a group after the confirmation, and not on Cancelar', async () => {
    const fetchMock = mockApi(synonymServer(seed));
    renderWithApp(<SynonymsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar vw · volkswagen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar grupo de sinónimos' });
    expect(dialog).toHaveTextContent('¿Estás seguro de que deseas eliminar el grupo «vw · volkswagen»?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/admin/synonyms/2')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar vw · volkswagen' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar grupo de sinónimos' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/admin/synonyms/2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('volkswagen')).not.toBeInTheDocument());
    expect(await screen.findByText('Grupo de sinónimos eliminado')).toBeInTheDocument();
  });

  it('hands the focus to the next group once one is deleted', async () => {
    mockApi(synonymServer([...seed, { id: 3, terms: ['izq', 'izquierdo'] }]));
    renderWithApp(<SynonymsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar vw · volkswagen' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eliminar vw · volkswagen' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Eliminar izq · izquierdo' })).toHaveFocus());
  });

  it('says so when the list cannot load, and when there are no groups', async () => {
    mockApi({ 'GET /api/admin/synonyms': () => errorResponse(500, 'INTERNAL', 'x') });
    const { unmount } = renderWithApp(<SynonymsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los sinónimos.');
    unmount();
    mockApi({ 'GET /api/admin/synonyms': [] });
    renderWithApp(<SynonymsTab />);
    expect(await screen.findByText('No hay grupos de sinónimos.')).toBeInTheDocument();
  });
});
