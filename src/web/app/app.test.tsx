import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startGuestSession } from '../features/session/index.ts';
import { anonymousSession, buildPart, buildPartsResponse, config, signedInSession } from '../test/fixtures.ts';
import { advanceClock, installFakeClock, json, mockApi, pending, renderWithApp } from '../test/render.tsx';
import { AppRoutes } from './app.tsx';

describe('AppRoutes', () => {
  it('shows the start screen at / without a session', async () => {
    mockApi({ 'GET /api/config': config });
    renderWithApp(<AppRoutes />);
    expect(await screen.findByRole('button', { name: /Ingresar como Invitado/ })).toBeInTheDocument();
  });

  it("asks for a guest tab's list alongside the session, not after it, and shows it once the session answers", async () => {
    startGuestSession();
    let answerSession: (response: Response) => void = () => {};
    const fetchMock = mockApi({
      'GET /api/config': config,
      'GET /api/user/session': () => new Promise<Response>((resolve) => (answerSession = resolve)),
      'GET /api/parts': buildPartsResponse([buildPart({ partNumber: 'A-1', description: 'Bomba de agua' })], 61, 2),
    });
    renderWithApp(<AppRoutes />, { path: '/?q=bomba&pagina=2' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/parts'))).toBe(true));
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/parts');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.searchParams.get('search')).toBe('bomba');
    expect(asked[0]?.searchParams.get('page')).toBe('2');
    expect(asked[0]?.searchParams.get('userType')).toBe('guest');
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');

    answerSession(json(anonymousSession));
    expect(await screen.findByText('Bomba de agua', {}, { timeout: 5000 })).toBeInTheDocument();
    // The list used the answer already asked for.
    expect(fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/parts'))).toHaveLength(1);
  });

  it('opens the client dialog at /login', async () => {
    mockApi({ 'GET /api/config': config });
    renderWithApp(<AppRoutes />, { path: '/login' });
    expect(await screen.findByRole('dialog', { name: 'Acceso de Cliente' })).toBeInTheDocument();
  });

  it('shows "Page Not Found" for unknown paths', async () => {
    mockApi({});
    renderWithApp(<AppRoutes />, { path: '/no-existe' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the distributor login at /distribuidores', async () => {
    mockApi({ 'GET /api/config': config });
    renderWithApp(<AppRoutes />, { path: '/distribuidores' });
    expect(await screen.findByRole('heading', { name: 'Acceso de Distribuidor' })).toBeInTheDocument();
  });

  it('shows the registration screen and reaches it from the start screen', async () => {
    mockApi({ 'GET /api/config': config });
    renderWithApp(<AppRoutes />);
    await userEvent.click(await screen.findByRole('link', { name: 'Registrarse' }));
    expect(await screen.findByRole('heading', { name: 'Solicitud de Acceso' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Volver al inicio' }));
    expect(await screen.findByRole('button', { name: /Ingresar como Invitado/ })).toBeInTheDocument();
  });

  it('shows the recovery screens', async () => {
    mockApi({ 'GET /api/config': config });
    const first = renderWithApp(<AppRoutes />, { path: '/forgot-password' });
    expect(await screen.findByRole('heading', { name: 'Recuperar Contraseña' })).toBeInTheDocument();
    first.unmount();
    renderWithApp(<AppRoutes />, { path: '/reset-password' });
    expect(await screen.findByRole('heading', { name: 'Token Inválido' })).toBeInTheDocument();
  });

  it('shows the catalogue for a server session at /, and sends /login there', async () => {
    mockApi({
      'GET /api/config': config,
      'GET /api/user/session': signedInSession('client'),
      'GET /api/parts': { parts: [], total: 0, page: 1, limit: 60 },
    });
    const { location } = renderWithApp(<AppRoutes />, { path: '/login' });
    expect(await screen.findByRole('button', { name: 'Mi Perfil: taller, Cliente' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/');
  });

  it('waits for the server session before choosing the screen', async () => {
    mockApi({ 'GET /api/config': config, 'GET /api/user/session': () => pending() });
    renderWithApp(<AppRoutes />);
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
    expect(screen.queryByRole('button', { name: /Ingresar como Invitado/ })).not.toBeInTheDocument();
  });

  it('shows the admin login at /adminkon2025 to a non-admin session', async () => {
    mockApi({ 'GET /api/config': config, 'GET /api/user/session': signedInSession('client') });
    renderWithApp(<AppRoutes />, { path: '/adminkon2025' });
    expect(await screen.findByRole('heading', { name: 'Acceso de Administrador' })).toBeInTheDocument();
  });

  it('shows the lazily loaded admin panel, with the session menu, to an admin', async () => {
    mockApi({ 'GET /api/config': config, 'GET /api/user/session': signedInSession('admin', { username: 'jefe' }) });
    renderWithApp(<AppRoutes />, { path: '/adminkon2025' });
    expect(await screen.findByRole('heading', { name: 'Panel de Administración' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mi Perfil: jefe, Administrador' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salir' })).toBeInTheDocument();
  });

  it('logs an admin in at /adminkon2025/categorias with the admin user type', async () => {
    const fetchMock = mockApi({
      'GET /api/config': config,
      'GET /api/user/session': anonymousSession,
      'POST /api/auth/login': () => pending(),
    });
    renderWithApp(<AppRoutes />, { path: '/adminkon2025/categorias' });
    await userEvent.type(await screen.findByLabelText('Usuario'), 'jefe');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123{Enter}');
    expect(await screen.findByRole('button', { name: 'Ingresando...' })).toHaveAttribute('aria-busy', 'true');
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: 'jefe', password: 'clave123', userType: 'admin' });
  });

  it('renders /category/{type} blank without a session', async () => {
    installFakeClock();
    mockApi({ 'GET /api/config': config });
    const { container } = renderWithApp(<AppRoutes />, { path: '/category/featured' });
    await advanceClock(50);
    expect(container.querySelector('main')).toBeNull();
  });

  it('renders /category/{type} with sort and count for a session', async () => {
    startGuestSession();
    mockApi({
      'GET /api/config': config,
      'GET /api/products/featured': [buildPart({ partNumber: 'B' }), buildPart({ partNumber: 'A' })],
    });
    renderWithApp(<AppRoutes />, { path: '/category/featured' });
    expect(await screen.findByRole('heading', { name: 'Productos Destacados', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('2 productos encontrados')).toBeInTheDocument();
    expect(screen.getByLabelText('Ordenar por')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
  });

  it('keeps the order of /category/{type} in the URL, so a reload keeps it', async () => {
    startGuestSession();
    mockApi({
      'GET /api/config': config,
      'GET /api/products/featured': [
        buildPart({ partNumber: 'A', description: 'Bomba', price: '10.00' }),
        buildPart({ partNumber: 'B', description: 'Aro', price: '30.00' }),
      ],
    });
    const first = renderWithApp(<AppRoutes />, { path: '/category/featured' });
    await screen.findByText('2 productos encontrados', {}, { timeout: 5000 });
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'price');
    await userEvent.click(screen.getByRole('button', { name: 'Orden ascendente' }));
    await waitFor(() => expect(first.location.history.at(-1)).toBe('/category/featured?orden=price&dir=desc'));
    first.unmount();
    // The reloaded page reads the order back.
    renderWithApp(<AppRoutes />, { path: '/category/featured?orden=price&dir=desc' });
    await screen.findByText('2 productos encontrados', {}, { timeout: 5000 });
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('price');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Aro', 'Bomba']);
  });

  it('shows loading, title and empty state on /catalog-all/{type}', async () => {
    startGuestSession();
    mockApi({ 'GET /api/config': config, 'GET /api/products/new-arrivals': () => pending(), 'GET /api/products/on-sale': [] });
    const first = renderWithApp(<AppRoutes />, { path: '/catalog-all/new-arrivals' });
    expect(await screen.findByRole('heading', { name: 'Todos los Nuevos Ingresos' })).toBeInTheDocument();
    expect(screen.getByText('Cargando productos...')).toBeInTheDocument();
    first.unmount();
    renderWithApp(<AppRoutes />, { path: '/catalog-all/on-sale' });
    expect(await screen.findByRole('heading', { name: 'Todos los Productos Rebajados' })).toBeInTheDocument();
    expect(await screen.findByText('No hay productos en esta categoría')).toBeInTheDocument();
  });

  it('counts one product in the singular on the collection pages', async () => {
    startGuestSession();
    mockApi({ 'GET /api/config': config, 'GET /api/products/on-sale': [buildPart({ partNumber: 'R-1' })] });
    const first = renderWithApp(<AppRoutes />, { path: '/catalog-all/on-sale' });
    expect(await screen.findByText('1 producto encontrado', {}, { timeout: 5000 })).toBeInTheDocument();
    first.unmount();
    renderWithApp(<AppRoutes />, { path: '/category/on-sale' });
    expect(await screen.findByText('1 producto encontrado', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/productos encontrados/)).not.toBeInTheDocument();
  });

  it('moves /catalog-all/todo past its last page to the last page, in place of the URL', async () => {
    startGuestSession();
    mockApi({
      'GET /api/config': config,
      'GET /api/parts': (url: URL) => {
        const page = Number(url.searchParams.get('page'));
        return json(buildPartsResponse(page > 2 ? [] : [buildPart({ description: 'Bomba final' })], 61, page));
      },
    });
    const { location } = renderWithApp(<AppRoutes />, { path: '/catalog-all/todo?pagina=9' });
    await waitFor(() => expect(location.history).toEqual(['/catalog-all/todo?pagina=2']), { timeout: 5000 });
    expect(await screen.findByRole('button', { name: 'Bomba final' })).toBeInTheDocument();
  });

  it('lists every product on /catalog-all/anything', async () => {
    startGuestSession();
    mockApi({ 'GET /api/config': config, 'GET /api/parts': { parts: [buildPart()], total: 1, page: 1, limit: 60 } });
    renderWithApp(<AppRoutes />, { path: '/catalog-all/todo' });
    expect(await screen.findByRole('heading', { name: 'Todos los Productos' })).toBeInTheDocument();
    expect(await screen.findByText('1 producto encontrado')).toBeInTheDocument();
  });
});
