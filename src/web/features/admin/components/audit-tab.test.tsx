import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { advanceClock, installFakeClock, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../texts.ts';
import { callsTo } from '../test-utils.ts';
import { AuditTab } from './audit-tab.tsx';

const entry = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  createdAt: '2025-04-01T13:00:00.000Z',
  actorId: 1,
  actorUsername: 'jefa',
  action: 'part.update',
  entity: 'part',
  entityId: '7',
  before: { partNumber: 'PN-7', priceList1: '1000.00' },
  after: { partNumber: 'PN-7', priceList1: '1100.00' },
  ...overrides,
});

function api() {
  return mockApi({
    'GET /api/admin/audit': (url: URL) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      if (url.searchParams.get('actor') === 'nadie') return json({ entries: [], total: 0, page, limit: 50 });
      return json({
        entries: [
          entry(page * 10),
          entry(page * 10 + 1, {
            action: 'user.approve',
            entity: 'user',
            entityId: '3',
            before: { isApproved: false },
            after: { isApproved: true },
          }),
        ],
        total: 120,
        page,
        limit: 50,
      });
    },
  });
}

describe('AuditTab (Historial)', () => {
  it('lists changes newest first with who, when, what and before → after', async () => {
    const fetchMock = api();
    renderWithApp(<AuditTab />);
    const list = await screen.findByRole('list', { name: 'Cambios' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Edición de repuesto');
    expect(items[0]).toHaveTextContent('PN-7');
    expect(items[0]).toHaveTextContent('01/04/2025, 10:00 · jefa');
    expect(within(items[0] as HTMLElement).getByText('Lista 1')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent(/\$\s1\.000,00 → \$\s1\.100,00/);
    expect(items[1]).toHaveTextContent('Aprobación');
    expect(items[1]).toHaveTextContent('Usuario 3');
    expect(items[1]).toHaveTextContent('No → Sí');
    expect(screen.getByText('120 cambios')).toBeInTheDocument();
    const first = callsTo(fetchMock, 'GET', '/api/admin/audit')[0]?.url.searchParams;
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('50');
    expect(first?.has('actor')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/audit').at(-1)?.url.searchParams.get('page')).toBe('3'));
  });

  it('filters by kind and dates at once, by person and part after typing stops, from page 1', async () => {
    const fetchMock = api();
    renderWithApp(<AuditTab />);
    await screen.findByRole('list', { name: 'Cambios' });
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'part');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/audit').at(-1)?.url.searchParams.get('entity')).toBe('part'));
    expect(callsTo(fetchMock, 'GET', '/api/admin/audit').at(-1)?.url.searchParams.get('page')).toBe('1');
    await userEvent.type(screen.getByLabelText('Desde'), '2025-04-01');
    await userEvent.type(screen.getByLabelText('Hasta'), '2025-04-30');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/audit').at(-1)?.url.searchParams.get('to')).toBe('2025-04-30'));
    expect(callsTo(fetchMock, 'GET', '/api/admin/audit').at(-1)?.url.searchParams.get('from')).toBe('2025-04-01');

    const calls = callsTo(fetchMock, 'GET', '/api/admin/audit').length;
    const user = installFakeClock();
    await user.type(screen.getByLabelText('Repuesto'), 'PN-7');
    await user.type(screen.getByLabelText('Persona'), 'nadie');
    await advanceClock(ADMIN_SEARCH_DEBOUNCE_MS - 50);
    expect(callsTo(fetchMock, 'GET', '/api/admin/audit')).toHaveLength(calls);
    await advanceClock(50);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/audit').at(-1)?.url.searchParams.get('actor')).toBe('nadie'));
    expect(callsTo(fetchMock, 'GET', '/api/admin/audit').at(-1)?.url.searchParams.get('part')).toBe('PN-7');
    expect(await screen.findByText('No hay cambios registrados con esos filtros.')).toBeInTheDocument();
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const fetchMock = api();
    renderWithApp(<AuditTab />);
    await screen.findByRole('list', { name: 'Cambios' });
    const calls = callsTo(fetchMock, 'GET', '/api/admin/audit').length;
    await userEvent.type(screen.getByLabelText('Desde'), '2025-05-01');
    await userEvent.type(screen.getByLabelText('Hasta'), '2025-04-01');
    expect(screen.getByLabelText('Desde')).toHaveAccessibleDescription('"Desde" no puede ser posterior a "Hasta"');
    expect(callsTo(fetchMock, 'GET', '/api/admin/audit').filter((c) => c.url.searchParams.get('to') === '2025-04-01')).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', '/api/admin/audit').length).toBeGreaterThanOrEqual(calls);
  });
});
