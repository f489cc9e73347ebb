import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PartDetail } from '../../../../shared/admin-parts.ts';
import { categoryNode as node } from '../../../test/fixtures.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { adminPartsPage, buildAdminPart } from '../test-fixtures.ts';
import { callsTo } from '../test-utils.ts';
import { EditPartButton } from './edit-part-button.tsx';
import { PartsTab } from './parts-tab.tsx';

const tree = [node(1, 'Repuestos', 1, null, [node(2, 'OM352', 2, 1, [node(3, 'Filtros', 3, 2)]), node(4, 'Frenos', 2, 1)])];

const detail: PartDetail = {
  ...buildAdminPart({ id: 7, partNumber: 'PN-7', description: 'Filtro de aceite OM352', brand: 'Mann' }),
  alternateCodes: ['W 940'],
  notes: null,
  applications: 'Mercedes 1114',
  stockQuantity: 12,
  handEditedFields: ['brand'],
  updatedAt: '2025-04-01T13:00:00.000Z',
};

const history = {
  total: 1,
  page: 1,
  limit: 20,
  entries: [
    {
      id: 9,
      createdAt: '2025-04-01T13:00:00.000Z',
      actorId: 1,
      actorUsername: 'jefa',
      action: 'part.update',
      entity: 'part',
      entityId: '7',
      before: { partNumber: 'PN-7', brand: 'Fram' },
      after: { partNumber: 'PN-7', brand: 'Mann' },
    },
  ],
};

function api(patch?: (body: Record<string, unknown>) => Response) {
  return mockApi({
    'GET /api/admin/parts': adminPartsPage([detail]),
    'GET /api/admin/parts/7': detail,
    'GET /api/categories/admin': tree,
    'GET /api/admin/audit': history,
    'GET /api/admin/parts/7/images': {
      partId: 7,
      partNumber: 'PN-7',
      photos: [
        {
          name: 'uploads/pn-7-a-lg.webp',
          url: '/images/uploads/pn-7-a-lg.webp',
          thumbnailUrl: '/images/uploads/pn-7-a-sm.webp',
          uploaded: true,
        },
      ],
      handEdited: false,
    },
    'PATCH /api/admin/parts/7': (_url: URL, init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body));
      // As the server does, the answer carries a new updatedAt.
      return patch
        ? patch(body)
        : json({
            ...detail,
            ...body,
            handEditedFields: [...detail.handEditedFields, ...Object.keys(body)],
            updatedAt: new Date().toISOString(),
          });
    },
  });
}

async function openEditor() {
  await userEvent.click(await screen.findByRole('button', { name: 'Editar PN-7' }));
  const dialog = await screen.findByRole('dialog', { name: 'Editar repuesto PN-7' });
  await within(dialog).findByDisplayValue('Filtro de aceite OM352');
  return dialog;
}

describe('part editor', () => {
  it('opens from the parts search with every field, hand edits marked, and the part history', async () => {
    const fetchMock = api();
    renderWithApp(<PartsTab />);
    const dialog = await openEditor();
    expect(within(dialog).getByLabelText(/^Marca/)).toHaveValue('Mann');
    expect(
      within(dialog)
        .getByLabelText(/^Marca/)
        .closest('div')?.parentElement,
    ).toHaveTextContent('Editado a mano');
    expect(within(dialog).getAllByText('Editado a mano')).toHaveLength(1);
    expect(within(dialog).getByLabelText(/^Lista 1$/)).toHaveValue('1000.00');
    expect(within(dialog).getByLabelText(/^Lista 3$/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Stock/)).toHaveValue('12');
    expect(within(dialog).getByLabelText(/^Códigos alternativos/)).toHaveValue('W 940');
    expect(within(dialog).getByLabelText(/^Aplicaciones/)).toHaveValue('Mercedes 1114');
    expect(within(dialog).getByRole('checkbox', { name: /Activo/ })).toBeChecked();
    // The category picker lists the tree in order, the part's category chosen.
    const picker = within(dialog).getByLabelText(/^Categoría/) as HTMLSelectElement;
    await waitFor(() => expect(picker.options).toHaveLength(5));
    expect([...picker.options].map((o) => o.textContent?.trim())).toEqual([
      'Sin categoría',
      'Repuestos',
      '└ OM352',
      '└ Filtros',
      '└ Frenos',
    ]);
    expect(picker).toHaveValue('3');
    // The filter narrows the list to matching categories, each with its path; the chosen one stays.
    await userEvent.type(within(dialog).getByLabelText('Buscar categoría'), 'fren');
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Sin categoría', 'Repuestos > OM352 > Filtros', 'Repuestos > Frenos']);
    await userEvent.clear(within(dialog).getByLabelText('Buscar categoría'));
    const historyList = within(dialog).getByRole('list', { name: 'Historial del repuesto' });
    expect(within(historyList).getByText('Fram → Mann')).toBeInTheDocument();
    expect(within(historyList).getByText(/jefa/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/admin/audit')[0]?.url.searchParams.get('part')).toBe('7');
    // The photos, saved on their own, sit between the form and the history.
    const photos = within(dialog).getByRole('region', { name: 'Fotos' });
    expect(await within(photos).findByRole('img', { name: 'Foto 1' })).toHaveAttribute('src', '/images/uploads/pn-7-a-sm.webp');
    expect(within(photos).getByLabelText('Elegir fotos')).toHaveAttribute('type', 'file');
  });

  it('sends only the changed fields, prices typed the Argentine way, and closes', async () => {
    const fetchMock = api();
    renderWithApp(<PartsTab />);
    const dialog = await openEditor();
    await userEvent.clear(within(dialog).getByLabelText(/^Lista 1$/));
    await userEvent.type(within(dialog).getByLabelText(/^Lista 1$/), '1.234,50');
    await userEvent.clear(within(dialog).getByLabelText(/^Lista 2$/));
    await userEvent.type(within(dialog).getByLabelText(/^Lista 10$/), '99');
    await userEvent.clear(within(dialog).getByLabelText(/^Stock/));
    await userEvent.type(within(dialog).getByLabelText(/^Stock/), '3');
    await userEvent.type(within(dialog).getByLabelText(/^Códigos alternativos/), '{Enter}WK 940');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Categoría/), '4');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Activo/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/admin/parts/7')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/admin/parts/7')[0]?.body).toEqual({
      priceList1: '1234.50',
      priceList2: '',
      priceList10: '99.00',
      stock: 3,
      alternateCodes: ['W 940', 'WK 940'],
      categoryId: 4,
      isActive: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Repuesto actualizado')).toBeInTheDocument();
  });

  it('shows the rules in Spanish before sending, and nothing when nothing changed', async () => {
    const fetchMock = api();
    renderWithApp(<PartsTab />);
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(within(dialog).getByText('No hay cambios para guardar')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^Descripción/));
    await userEvent.type(within(dialog).getByLabelText(/^Lista 4$/), 'abc');
    await userEvent.clear(within(dialog).getByLabelText(/^Stock/));
    await userEvent.type(within(dialog).getByLabelText(/^Stock/), '2,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(within(dialog).getByLabelText(/^Descripción/)).toHaveAccessibleDescription('La descripción no puede estar vacía');
    expect(within(dialog).getByLabelText(/^Lista 4$/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(/El precio debe ser un importe/)).toBeInTheDocument();
    expect(within(dialog).getByText('El stock debe ser un número entero de unidades')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/admin/parts/7')).toHaveLength(0);
  });

  it("keeps the dialog open with the server's message when saving fails", async () => {
    api(() => errorResponse(400, 'VALIDATION', 'La categoría elegida no existe'));
    renderWithApp(<PartsTab />);
    const dialog = await openEditor();
    await userEvent.type(within(dialog).getByLabelText(/^Marca/), ' AG');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('La categoría elegida no existe')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar repuesto PN-7' })).toBeInTheDocument();
  });

  it('asks before closing with unsaved edits (Escape, Cancelar), and keeps them when the admin stays', async () => {
    const fetchMock = api();
    renderWithApp(<PartsTab />);
    const dialog = await openEditor();
    await userEvent.clear(within(dialog).getByLabelText(/^Lista 1$/));
    await userEvent.type(within(dialog).getByLabelText(/^Lista 1$/), '1.500');
    await userEvent.keyboard('{Escape}');
    let ask = await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' });
    expect(ask).toHaveTextContent('Hay cambios sin guardar en el repuesto PN-7. Si sale ahora se perderán. ¿Salir sin guardar?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hay cambios sin guardar' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Editar repuesto PN-7' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Lista 1$/)).toHaveValue('1.500');
    // "Cancelar" asks too; leaving drops the edits and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    ask = await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH', '/api/admin/parts/7')).toHaveLength(0);
    // Without edits (typed and typed back) Escape closes at once.
    const again = await openEditor();
    await userEvent.type(within(again).getByLabelText(/^Marca/), 'x');
    await userEvent.type(within(again).getByLabelText(/^Marca/), '{Backspace}');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a photo added in the editor clears the list\'s "Sin foto" mark at once', async () => {
    let imageUrl: string | null = null;
    const photo = {
      name: 'uploads/pn-7-b-lg.webp',
      url: '/images/uploads/pn-7-b-lg.webp',
      thumbnailUrl: '/images/uploads/pn-7-b-sm.webp',
      uploaded: true,
    };
    mockApi({
      'GET /api/admin/parts': () => json(adminPartsPage([{ ...detail, imageUrl }])),
      'GET /api/admin/parts/7': () => json({ ...detail, imageUrl }),
      'GET /api/categories/admin': tree,
      'GET /api/admin/audit': history,
      'GET /api/admin/parts/7/images': () =>
        json({ partId: 7, partNumber: 'PN-7', photos: imageUrl ? [photo] : [], handEdited: imageUrl !== null }),
      'POST /api/admin/parts/7/images': () => {
        imageUrl = photo.name;
        return json({ partId: 7, partNumber: 'PN-7', photos: [photo], handEdited: true }, 201);
      },
    });
    renderWithApp(<PartsTab />);
    const row = (await screen.findByRole('rowheader', { name: 'PN-7' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sin foto')).toBeInTheDocument();
    const dialog = await openEditor();
    await userEvent.upload(
      within(dialog).getByLabelText('Elegir fotos'),
      new File([new Uint8Array(10)], 'frente.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(dialog).findByRole('img', { name: 'Foto 1' })).toBeInTheDocument();
    await waitFor(() => expect(within(row).queryByText('Sin foto')).not.toBeInTheDocument());
  });

  it("opens from the 'Editar' of a part's detail", async () => {
    api();
    const onSaved = vi.fn();
    renderWithApp(<EditPartButton partId={7} partNumber="PN-7" onSaved={onSaved} />);
    let dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSaved).not.toHaveBeenCalled();
    // After a save the app is told (it closes the detail dialog, whose part is stale).
    dialog = await openEditor();
    await userEvent.type(within(dialog).getByLabelText(/^Notas/), 'Nuevo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
