import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { config } from '../../../test/fixtures.ts';
import { mockApi, pending, renderWithApp } from '../../../test/render.tsx';
import { PortalLoginForm } from './portal-login-form.tsx';

describe('PortalLoginForm', () => {
  it('keeps the focus on "Ingresar" while it signs in, and a second press sends nothing more (§13.4)', async () => {
    const logins: RequestInit[] = [];
    mockApi({
      'GET /api/config': config,
      'POST /api/auth/login': (_url: URL, init: RequestInit | undefined) => {
        logins.push(init ?? {});
        return pending();
      },
    });
    renderWithApp(<PortalLoginForm userType="admin" submitLabel="Ingresar" busyLabel="Ingresando..." />);
    const submit = screen.getByRole('button', { name: 'Ingresar' });
    // Empty fields: disabled, as before (not a pending request).
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Usuario'), 'admin');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave-admin');
    submit.focus();
    await userEvent.keyboard('{Enter}');
    const busy = await screen.findByRole('button', { name: 'Ingresando...' });
    expect(busy).toBe(submit);
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(busy);
    await userEvent.type(screen.getByLabelText('Contraseña'), '{Enter}');
    expect(logins).toHaveLength(1);
    expect(JSON.parse(String(logins[0]?.body))).toEqual({ username: 'admin', password: 'clave-admin', userType: 'admin' });
  });
});
