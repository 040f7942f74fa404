import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n.ts';
import { storage } from '../../lib/storage.ts';
import { setupMswServer } from '../../test/msw.ts';
import { ok, renderApp } from '../../test/render.tsx';
import { SideMenu } from './side-menu.tsx';

const server = setupMswServer();

const menuTexts = () =>
  within(screen.getByRole('navigation', { name: 'main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('side menu', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('shows the operator menu, with Fastag tagged new, and the stored name', () => {
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', name: 'Ravi Transport' });
    renderApp(<SideMenu />);

    expect(menuTexts()).toEqual([
      'Dashboard',
      'Active loads',
      'My trips',
      'Membership',
      'Add Money',
      'FastagNew',
      'GPS Dashboard',
      'Reports',
      'Devices',
      'Drivers',
      'Documents',
      'Places',
      'UMS',
      'Maintenance',
      'My profile',
      'Settings',
      // support area
      'Help and tickets',
      'Rate cards',
      'Your rating',
      'Refer and earn',
    ]);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.getByTestId('menu-user-name')).toHaveTextContent('Ravi Transport');
  });

  it('shows the consigner menu, and Guest when no name is stored', () => {
    storage.setMany({ accessToken: 't', menuType: 'CONSIGNER' });
    renderApp(<SideMenu />);

    expect(menuTexts()).toEqual(['Vehicles', 'Trips', 'Reports', 'Loads']);
    expect(screen.getByRole('link', { name: 'Vehicles' })).toHaveAttribute('href', '/portal/consigner/vehicles');
    expect(screen.getByTestId('menu-user-name')).toHaveTextContent('Guest');
  });

  it('switches its texts to Hindi when the language changes', async () => {
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', name: 'Ravi' });
    const { user } = renderApp(<SideMenu />);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();

    await user.click(screen.getByText('हिंदी'));

    expect(await screen.findByRole('button', { name: 'लॉग आउट' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'यूज़र प्रबंधन' })).toBeInTheDocument();
    expect(storage.get('locale')).toBe('hi');
    await act(() => setLanguage('en'));
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('logs out on the server, clears the session and goes to the login page', async () => {
    let revokedToken: string | null = null;
    server.use(
      mswHttp.post('*/api/auth/logout', ({ request }) => {
        revokedToken = request.headers.get('token');
        return HttpResponse.json(ok({ ok: true }, 'Logged out'));
      }),
    );
    storage.setMany({ accessToken: 'tok-9', menuType: 'OPERATOR', name: 'Ravi', userCode: 'U9' });
    const { user } = renderApp(<SideMenu />, { route: '/portal/home' });

    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/operatorlogin'));
    expect(revokedToken).toBe('tok-9');
    expect(storage.get('accessToken')).toBeUndefined();
    expect(storage.get('userCode')).toBeUndefined();
  });
});
