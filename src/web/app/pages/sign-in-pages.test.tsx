import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { config, loginAnswer, signedInSession } from '../../test/fixtures.ts';
import { anonymousSession, buildPartsResponse } from '../../test/fixtures.ts';
import { json, mockApi, renderWithApp } from '../../test/render.tsx';
import { AppRoutes } from '../app.tsx';

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
});
