import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PartPhoto, PartPhotos as PartPhotosAnswer } from '../../../../shared/part-photos.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { callsTo } from '../test-utils.ts';
import { PartPhotos } from './part-photos.tsx';

const uploaded = (base: string): PartPhoto => ({
  name: `uploads/${base}-lg.webp`,
  url: `/images/uploads/${base}-lg.webp`,
  thumbnailUrl: `/images/uploads/${base}-sm.webp`,
  uploaded: true,
});
const imported: PartPhoto = {
  name: 'om352/filtro.jpg',
  url: '/images/om352/filtro.jpg',
  thumbnailUrl: '/images/om352/filtro.jpg',
  uploaded: false,
};
const answer = (photos: PartPhoto[], handEdited = true): PartPhotosAnswer => ({ partId: 7, partNumber: 'PN-7', photos, handEdited });

const photo = (name: string, type = 'image/jpeg', bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

/** The files of each POST, by name (the editor sends one file per request). */
function uploadedNames(fetchMock: ReturnType<typeof mockApi>): string[][] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => ((init?.body as FormData | undefined)?.getAll('fotos') ?? []).map((f) => (f as File).name));
}

describe('part photos', () => {
  it('shows the photos in order with their thumbnails, the first as the main one, and the hand-edit mark', async () => {
    mockApi({ 'GET /api/admin/parts/7/images': answer([imported, uploaded('pn-7-aaa')]) });
    renderWithApp(<PartPhotos partId={7} />);
    const list = await screen.findByRole('list', { name: 'Fotos del repuesto' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('img', { name: 'Foto 1' })).toHaveAttribute('src', '/images/om352/filtro.jpg');
    expect(items[0]).toHaveTextContent('Foto 1 · principal');
    expect(items[0]).toHaveTextContent('Importada: om352/filtro.jpg');
    expect(within(items[1] as HTMLElement).getByRole('img', { name: 'Foto 2' })).toHaveAttribute('src', '/images/uploads/pn-7-aaa-sm.webp');
    expect(screen.getByText('Editado a mano')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mover la foto 1 antes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover la foto 2 después' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Hacer principal la foto 1' })).not.toBeInTheDocument();
  });

  it('says when there is no photo, and offers a retry when the list cannot load', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/parts/7/images': () => (fail ? errorResponse(503, 'UNAVAILABLE', 'Sin base') : json(answer([], false))),
    });
    renderWithApp(<PartPhotos partId={7} />);
    expect(await screen.findByText('No se pudieron cargar las fotos.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/Este repuesto no tiene fotos/)).toBeInTheDocument();
    expect(screen.queryByText('Editado a mano')).not.toBeInTheDocument();
  });

  it('uploads chosen files one by one with progress, and lists each refused one with its reason', async () => {
    let photos: PartPhoto[] = [];
    let release: () => void = () => {};
    const fetchMock = mockApi({
      'GET /api/admin/parts/7/images': () => json(answer(photos)),
      'POST /api/admin/parts/7/images': async (_url: URL, init: RequestInit | undefined) => {
        const file = (init?.body as FormData | undefined)?.get('fotos') as File;
        if (file.name === 'texto.jpg') {
          return errorResponse(
            400,
            'VALIDATION',
            '«texto.jpg» no es una foto JPEG, PNG o WebP (se revisa el contenido del archivo, no su nombre).',
          );
        }
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        photos = [...photos, uploaded(file.name.replace('.', '-'))];
        return json(answer(photos), 201);
      },
    });
    renderWithApp(<PartPhotos partId={7} />);
    await screen.findByText(/Este repuesto no tiene fotos/);
    const input = screen.getByLabelText('Elegir fotos');
    await userEvent.upload(input, [photo('frente.jpg'), photo('texto.jpg'), photo('lado.png', 'image/png')]);
    expect(await screen.findByText('Subiendo foto 1 de 3: frente.jpg')).toBeInTheDocument();
    expect(input).toBeDisabled();
    act(() => release());
    expect(await screen.findByText('Subiendo foto 3 de 3: lado.png')).toBeInTheDocument();
    act(() => release());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Una foto no se agregó:');
    expect(alert).toHaveTextContent('«texto.jpg»: no es una foto JPEG, PNG o WebP (se revisa el contenido del archivo, no su nombre).');
    const list = await screen.findByRole('list', { name: 'Fotos del repuesto' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/images/uploads/frente-jpg-sm.webp', '/images/uploads/lado-png-sm.webp']);
    expect(uploadedNames(fetchMock)).toEqual([['frente.jpg'], ['texto.jpg'], ['lado.png']]);
    expect(screen.getByText('Se agregaron 2 fotos.')).toBeInTheDocument();
    expect(input).toBeEnabled();
  });

  it('takes files dropped on the zone, refusing in the browser what is too big or not a photo', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/parts/7/images': answer([]),
      'POST /api/admin/parts/7/images': () => json(answer([uploaded('pn-7-bbb')]), 201),
    });
    renderWithApp(<PartPhotos partId={7} />);
    await screen.findByText(/Este repuesto no tiene fotos/);
    const zone = screen.getByTestId('photo-drop-zone');
    const files = [photo('grande.jpg', 'image/jpeg', 12.5 * 1024 * 1024), photo('anim.gif', 'image/gif'), photo('ok.webp', 'image/webp')];
    fireEvent.dragEnter(zone, { dataTransfer: { files } });
    expect(zone.className).toContain('border-brand-500');
    fireEvent.drop(zone, { dataTransfer: { files } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('2 fotos no se agregaron:');
    expect(alert).toHaveTextContent('«grande.jpg»: supera los 10 MB permitidos (pesa 12,5 MB).');
    expect(alert).toHaveTextContent('«anim.gif»: no es una foto JPEG, PNG o WebP.');
    await waitFor(() => expect(uploadedNames(fetchMock)).toEqual([['ok.webp']]));
    expect(await screen.findByRole('img', { name: 'Foto 1' })).toHaveAttribute('src', '/images/uploads/pn-7-bbb-sm.webp');
  });

  it('moves a photo with the keyboard, keeping the focus on it, and makes another the main one', async () => {
    const [a, b, c] = [uploaded('a'), uploaded('b'), uploaded('c')];
    const fetchMock = mockApi({
      'GET /api/admin/parts/7/images': answer([a, b, c]),
      'PUT /api/admin/parts/7/images/order': (_url: URL, init: RequestInit | undefined) => {
        const { names } = JSON.parse(String(init?.body)) as { names: string[] };
        return json(answer(names.map((name) => [a, b, c].find((p) => p.name === name) as PartPhoto)));
      },
    });
    renderWithApp(<PartPhotos partId={7} />);
    const up = await screen.findByRole('button', { name: 'Mover la foto 2 antes' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/parts/7/images/order')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/admin/parts/7/images/order')[0]?.body).toEqual({ names: [b.name, a.name, c.name] });
    // Photo b is now the first: its "before" is disabled, so its "after" keeps the focus.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Mover la foto 1 después'));
    expect(await screen.findByText('La foto 2 es ahora la principal.')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/parts/7/images/order')).toHaveLength(2));
    expect(callsTo(fetchMock, 'PUT', '/api/admin/parts/7/images/order')[1]?.body).toEqual({ names: [a.name, b.name, c.name] });
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Mover la foto 2 después'));
    await userEvent.click(screen.getByRole('button', { name: 'Hacer principal la foto 3' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/parts/7/images/order')).toHaveLength(3));
    expect(callsTo(fetchMock, 'PUT', '/api/admin/parts/7/images/order')[2]?.body).toEqual({ names: [c.name, a.name, b.name] });
  });

  it('asks before removing a photo, then removes the one shown', async () => {
    const [a, b] = [uploaded('a'), uploaded('b')];
    const fetchMock = mockApi({
      'GET /api/admin/parts/7/images': answer([a, b]),
      'DELETE /api/admin/parts/7/images/0': answer([b]),
    });
    renderWithApp(<PartPhotos partId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar la foto 1' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Eliminar la foto 1?' });
    expect(dialog).toHaveTextContent(
      'La foto se quita del repuesto PN-7 y deja de verse en el catálogo. La foto 2 pasa a ser la principal.',
    );
    expect(within(dialog).getByRole('img', { name: 'Foto 1' })).toHaveAttribute('src', a.thumbnailUrl);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/admin/parts/7/images/0')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar la foto 1' }));
    dialog = await screen.findByRole('dialog', { name: '¿Eliminar la foto 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar foto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/admin/parts/7/images/0')[0]?.url.searchParams.get('name')).toBe(a.name);
    const list = screen.getByRole('list', { name: 'Fotos del repuesto' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('Foto eliminada')).toBeInTheDocument();
  });

  it('hands the focus to the photo now in the place of the removed one, or to "Elegir fotos" when none is left', async () => {
    const [a, b] = [uploaded('a'), uploaded('b')];
    let photos = [a, b];
    const removeAt = (index: number) => () => {
      photos = photos.filter((_, i) => i !== index);
      return json(answer(photos));
    };
    mockApi({
      'GET /api/admin/parts/7/images': () => json(answer(photos)),
      'DELETE /api/admin/parts/7/images/0': removeAt(0),
      'DELETE /api/admin/parts/7/images/1': removeAt(1),
    });
    renderWithApp(<PartPhotos partId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar la foto 2' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar foto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The last one gone: the one before it, now the last, takes the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Eliminar la foto 1' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar la foto 1' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar foto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Elegir fotos')).toHaveFocus());
  });

  it('shows the server message and reads the list again when it changed meanwhile', async () => {
    const [a, b] = [uploaded('a'), uploaded('b')];
    let reads = 0;
    mockApi({
      'GET /api/admin/parts/7/images': () => {
        reads += 1;
        return json(answer(reads === 1 ? [a, b] : [b]));
      },
      'PUT /api/admin/parts/7/images/order': () =>
        errorResponse(409, 'CONFLICT', 'Las fotos del repuesto cambiaron mientras tanto (otra pestaña u otra persona).'),
    });
    renderWithApp(<PartPhotos partId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mover la foto 2 antes' }));
    expect(await screen.findByText('Las fotos del repuesto cambiaron mientras tanto (otra pestaña u otra persona).')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Fotos del repuesto' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('img', { name: 'Foto 1' })).toHaveAttribute('src', b.thumbnailUrl);
    expect(reads).toBe(2);
  });
});
