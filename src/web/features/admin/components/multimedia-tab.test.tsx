import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { adminPartsPage, buildAdminPart } from '../test-fixtures.ts';
import { callsTo } from '../test-utils.ts';
import { MultimediaTab } from './multimedia-tab.tsx';

const part = buildAdminPart({ id: 1, partNumber: 'PN-1', documentUrl: 'https://example.com/a.pdf' });

describe('MultimediaTab', () => {
  it('saves an http(s) video URL and refuses other schemes', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/parts': adminPartsPage([part]),
      'PUT /api/admin/parts/1/multimedia': (_url: URL, init: RequestInit | undefined) =>
        json({ ...part, ...JSON.parse(String(init?.body)) }),
    });
    renderWithApp(<MultimediaTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Editar URL del video de PN-1/ }));
    const input = screen.getByLabelText('URL del video de PN-1');
    await userEvent.type(input, 'javascript:alert(1){Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Solo se aceptan URLs http(s)');
    expect(callsTo(fetchMock, 'PUT', '/api/admin/parts/1/multimedia')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'https://youtu.be/abcdefghijk{Enter}');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/admin/parts/1/multimedia')[0]?.body).toEqual({ videoUrl: 'https://youtu.be/abcdefghijk' }),
    );
  });

  it("says the server's refusal of a URL on its field, not in a toast", async () => {
    const message = 'La URL admite hasta 2000 caracteres';
    mockApi({
      'GET /api/admin/parts': adminPartsPage([part]),
      'PUT /api/admin/parts/1/multimedia': () => json({ error: { code: 'VALIDATION', message, field: 'videoUrl' } }, 400),
    });
    renderWithApp(<MultimediaTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Editar URL del video de PN-1/ }));
    const input = screen.getByLabelText('URL del video de PN-1');
    await userEvent.type(input, 'https://youtu.be/abcdefghijk{Enter}');
    const said = await screen.findByText(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', said.id);
    expect(input).toHaveFocus();
    expect(screen.queryByText('No se pudo actualizar la URL multimedia')).not.toBeInTheDocument();
  });

  it('toasts a refusal naming another field than the one edited', async () => {
    mockApi({
      'GET /api/admin/parts': adminPartsPage([part]),
      'PUT /api/admin/parts/1/multimedia': () => json({ error: { code: 'VALIDATION', message: 'x', field: 'documentUrl' } }, 400),
    });
    renderWithApp(<MultimediaTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Editar URL del video de PN-1/ }));
    const input = screen.getByLabelText('URL del video de PN-1');
    await userEvent.type(input, 'https://youtu.be/abcdefghijk{Enter}');
    expect(await screen.findByText('No se pudo actualizar la URL multimedia')).toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('clears a document URL with an empty value, and toasts failures', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/parts': adminPartsPage([part]),
      'PUT /api/admin/parts/1/multimedia': () => errorResponse(500, 'INTERNAL', 'x'),
    });
    renderWithApp(<MultimediaTab />);
    await userEvent.click(await screen.findByRole('button', { name: /documento de PN-1/i }));
    await userEvent.clear(screen.getByLabelText('URL del documento de PN-1'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/parts/1/multimedia')[0]?.body).toEqual({ documentUrl: '' }));
    expect(await screen.findByText('No se pudo actualizar la URL multimedia')).toBeInTheDocument();
  });
});
