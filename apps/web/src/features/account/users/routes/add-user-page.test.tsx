import type { Role } from '@bhada/contracts/account/users';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { AddUserPage } from './add-user-page.tsx';

const server = setupMswServer();
const dispatcher: Role = { roleId: 'R1', name: 'Dispatcher', permissions: ['LOADS_VIEW'], userCount: 0, createdAt: '2026-01-01T00:00:00Z' };

describe('add user page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-owner', menuType: 'OPERATOR' });
    server.use(mswHttp.get('*/api/user/getAllRoles', () => HttpResponse.json(ok([dispatcher]))));
  });

  it('checks the form with the contract before calling the server', async () => {
    const { user } = renderApp(<AddUserPage />, { route: '/portal/ums/add-user', path: '/portal/ums/add-user' });
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Name is too short')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid 10-digit Indian mobile number')).toBeInTheDocument();
    expect(screen.getByText('Choose a role')).toBeInTheDocument();
  });

  it('adds the user, says so and goes back to the list', async () => {
    let body: unknown;
    server.use(
      mswHttp.post('*/api/user/addSubordinate/v2', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ok({ userCode: 'U-NEW' }, 'User added successfully'));
      }),
    );
    const { user } = renderApp(<AddUserPage />, { route: '/portal/ums/add-user', path: '/portal/ums/add-user' });

    await user.type(await screen.findByLabelText(/^Name/), 'Asha Verma');
    await user.type(screen.getByLabelText(/^Mobile number/), '9833333333');
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Dispatcher' }));
    await user.click(screen.getByRole('button', { name: 'Add user' }));

    expect(await screen.findByText('User added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/portal\/ums$/));
    expect(body).toEqual({ name: 'Asha Verma', phone: '9833333333', roleId: 'R1' });
  });

  it("puts the server's field error next to the field", async () => {
    server.use(
      mswHttp.post('*/api/user/addSubordinate/v2', () =>
        HttpResponse.json(
          { success: false, message: 'This mobile number is already registered', errorCode: 'PHONE_TAKEN', field: 'phone' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(<AddUserPage />, { route: '/portal/ums/add-user', path: '/portal/ums/add-user' });
    await user.type(await screen.findByLabelText(/^Name/), 'Asha Verma');
    await user.type(screen.getByLabelText(/^Mobile number/), '9833333333');
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Dispatcher' }));
    await user.click(screen.getByRole('button', { name: 'Add user' }));

    const messages = await screen.findAllByText('This mobile number is already registered');
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(screen.getByLabelText(/^Mobile number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/portal/ums/add-user');
  });
});
