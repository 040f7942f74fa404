import type { Role, Subordinate } from '@bhada/contracts/account/users';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { UmsPage } from './ums-page.tsx';

const server = setupMswServer();

const sunil: Subordinate = {
  userCode: 'U-SUNIL',
  name: 'Sunil Yadav',
  phone: '9811111111',
  email: null,
  roleId: 'R1',
  roleName: 'Dispatcher',
  createdAt: '2026-01-01T00:00:00Z',
};
const meena: Subordinate = { ...sunil, userCode: 'U-MEENA', name: 'Meena Sharma', phone: '9822222222', email: 'meena@example.com' };
const dispatcher: Role = {
  roleId: 'R1',
  name: 'Dispatcher',
  permissions: ['LOADS_VIEW', 'TRIPS_VIEW'],
  userCount: 2,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('user management page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-owner', menuType: 'OPERATOR', name: 'Ravi' });
  });

  it('lists the subordinates and removes one after confirming', async () => {
    let users = [sunil, meena];
    let removed: string | null = null;
    server.use(
      mswHttp.get('*/api/user/getOperatorSubordinates', () => HttpResponse.json(ok(users))),
      mswHttp.get('*/api/user/getAllRoles', () => HttpResponse.json(ok([dispatcher]))),
      mswHttp.delete('*/api/user/removeSubordinate', ({ request }) => {
        removed = new URL(request.url).searchParams.get('userCode');
        users = users.filter((u) => u.userCode !== removed);
        return HttpResponse.json(ok({ userCode: removed }, 'User deleted successfully.'));
      }),
    );
    const { user } = renderApp(<UmsPage />, { route: '/portal/ums' });

    const table = await screen.findByRole('table');
    expect(within(table).getByText('Sunil Yadav')).toBeInTheDocument();
    expect(within(table).getByText('9822222222')).toBeInTheDocument();
    expect(within(table).getAllByText('Dispatcher')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Sunil Yadav' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove user' });
    expect(dialog).toHaveTextContent('Remove Sunil Yadav (9811111111)?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('User deleted successfully.')).toBeInTheDocument();
    expect(removed).toBe('U-SUNIL');
    await waitFor(() => expect(screen.queryByText('Sunil Yadav')).not.toBeInTheDocument());
    expect(screen.getByText('Meena Sharma')).toBeInTheDocument();
  });

  it('keeps the user when the removal is cancelled', async () => {
    let deleteCalls = 0;
    server.use(
      mswHttp.get('*/api/user/getOperatorSubordinates', () => HttpResponse.json(ok([sunil]))),
      mswHttp.delete('*/api/user/removeSubordinate', () => {
        deleteCalls++;
        return HttpResponse.json(ok({ userCode: 'x' }));
      }),
    );
    const { user } = renderApp(<UmsPage />, { route: '/portal/ums' });
    await user.click(await screen.findByRole('button', { name: 'Remove Sunil Yadav' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(deleteCalls).toBe(0);
    expect(screen.getByText('Sunil Yadav')).toBeInTheDocument();
  });

  it('shows an empty state when there are no users', async () => {
    server.use(mswHttp.get('*/api/user/getOperatorSubordinates', () => HttpResponse.json(ok([]))));
    renderApp(<UmsPage />, { route: '/portal/ums' });
    expect(await screen.findByText('No users yet. Add the people who work with you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add user' })).toHaveAttribute('href', '/portal/ums/add-user');
  });

  it('tells a subordinate without the permission that their role does not allow this', async () => {
    server.use(
      mswHttp.get('*/api/user/getOperatorSubordinates', () =>
        HttpResponse.json({ success: false, message: 'You are not allowed to do this', errorCode: 'FORBIDDEN' }, { status: 403 }),
      ),
    );
    renderApp(<UmsPage />, { route: '/portal/ums' });
    expect(await screen.findByText('Your role does not allow this')).toBeInTheDocument();
  });

  it('lists roles with their permissions on the Roles tab', async () => {
    server.use(
      mswHttp.get('*/api/user/getOperatorSubordinates', () => HttpResponse.json(ok([sunil]))),
      mswHttp.get('*/api/user/getAllRoles', () => HttpResponse.json(ok([dispatcher]))),
    );
    const { user } = renderApp(<UmsPage />, { route: '/portal/ums' });
    await user.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(await screen.findByText('View loads')).toBeInTheDocument();
    expect(screen.getByText('View trips')).toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/portal/ums?tab=roles');
  });
});
