import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { config, loginAnswer, signedInSession } from '../../test/fixtures.ts';
import { anonymousSession, buildPartsResponse } from '../../test/fixtures.ts';
import { json, mockApi, pressBack, renderWithApp, testQueryClient } from '../../test/render.tsx';
import { AppRoutes } from '../app.tsx';
import { AppProviders } from '../providers.tsx';

/** The API of a visitor who signs in as `userType`: the session answers signed in once the login did. */
function signInApi(userType: 'client' | 'distributor') {
  let signedIn = false;
  return mockApi({
    'GET /api/config': config,
    'GET /api/user/session': () => json(signedIn ? signedInSession(userType) : anonymousSession),
    'POST /api/auth/login': () => {
      signedIn = true;
      return json(loginAnswer(userType));
    },
    'GET /api/parts': buildPartsResponse([], 0, 1),
  });
}

describe('signing in (docs/product.md §7.3, §13.4)', () => {
  it('at /distribuidores puts the focus into the catalogue, not on <body>', async () => {
    signInApi('distributor');
    renderWithApp(<AppRoutes />, { path: '/distribuidores' });
    await userEvent.type(await screen.findByLabelText('Usuario'), 'taller');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123{Enter}');
    const main = await screen.findByRole('main', {}, { timeout: 5000 });
    await waitFor(() => expect(main).toHaveFocus());
    expect(within(main).getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toBeInTheDocument();
  });

  it('as a guest from the start screen puts the focus into the catalogue', async () => {
    mockApi({ 'GET /api/config': config, 'GET /api/user/session': anonymousSession, 'GET /api/parts': buildPartsResponse([], 0, 1) });
    renderWithApp(<AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: /Ingresar como Invitado/ }));
    const main = await screen.findByRole('main', {}, { timeout: 5000 });
    await waitFor(() => expect(main).toHaveFocus());
    expect(within(main).getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toBeInTheDocument();
  });

  it('at /login leaves no step of its own for Back, and the focus is in the catalogue', async () => {
    signInApi('client');
    window.history.pushState(null, '', '/forgot-password');
    window.history.pushState(null, '', '/login');
    // The browser's own history, as in the app: the dialog's back entry and the redirect share it.
    render(
      <AppProviders client={testQueryClient()}>
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Acceso de Cliente' }, { timeout: 5000 });
    await userEvent.type(within(dialog).getByLabelText('Usuario o Email'), 'taller');
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'clave123{Enter}');
    const main = await screen.findByRole('main', {}, { timeout: 5000 });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await waitFor(() => expect(main).toHaveFocus());
    expect(window.history.state).toBeNull();
    // One Back leaves the sign-in: the page before /login, not /login nor the dialog's entry.
    await pressBack();
    expect(window.location.pathname).toBe('/forgot-password');
  });
});

describe('signing in at /adminkon2025 (docs/product.md §13.4)', () => {
  it('puts the focus into the panel once its screens have loaded, not on <body>', async () => {
    let signedIn = false;
    mockApi({
      'GET /api/config': config,
      'GET /api/user/session': () => json(signedIn ? signedInSession('admin') : anonymousSession),
      'POST /api/auth/login': () => {
        signedIn = true;
        return json(loginAnswer('admin'));
      },
      'GET /api/profiles': [],
    });
    renderWithApp(<AppRoutes />, { path: '/adminkon2025' });
    await userEvent.type(await screen.findByLabelText('Usuario'), 'admin');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Panel de Administración' }, { timeout: 5000 });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('tablist')).toBeInTheDocument();
    await waitFor(() => expect(main).toHaveFocus());
  });
});
