import type { SessionUser } from '@bhada/contracts/account/auth';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authKeys } from '../../features/account/auth/api/get-me.ts';
import { setLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { storage } from '../../lib/storage.ts';
import { renderApp } from '../../test/render.tsx';
import { SideMenu } from './side-menu.tsx';

const me = (permissions: string[]): SessionUser => ({
  userCode: 'U1',
  operatorId: 'OP1',
  consignerCode: null,
  name: 'Sunil',
  phone: '9811111111',
  locale: 'en',
  menuType: 'OPERATOR',
  kind: 'SUBORDINATE',
  permissions,
});
const menuTexts = () => Array.from(screen.getByRole('navigation', { name: 'main' }).querySelectorAll('a'), (a) => a.textContent);

describe('side menu by permission (fleet)', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', name: 'Sunil' });
  });

  it('hides the fleet items from a subordinate without VEHICLES_VIEW', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.me(), me(['TRIPS_VIEW']));
    renderApp(<SideMenu />, { queryClient });
    const items = menuTexts();
    for (const hidden of ['GPS Dashboard', 'Devices', 'Drivers', 'Documents', 'Maintenance', 'Reports'])
      expect(items).not.toContain(hidden);
    expect(items).toContain('My trips');
  });

  it('shows Reports only with REPORTS_DOWNLOAD and Maintenance only with VEHICLES_VIEW', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.me(), me(['REPORTS_DOWNLOAD']));
    renderApp(<SideMenu />, { queryClient });
    const items = menuTexts();
    expect(items).toContain('Reports');
    expect(items).not.toContain('Maintenance');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/portal/fleet/reports');
  });

  it('shows a Dispatcher its marketplace and trips, but not user management, Add Money or what its role lacks', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(
      authKeys.me(),
      me(['LOADS_VIEW', 'QUOTES_SUBMIT', 'TOKENS_PAY', 'TRIPS_VIEW', 'TRIPS_MANAGE', 'POD_UPLOAD', 'VEHICLES_VIEW', 'FASTAG_VIEW']),
    );
    renderApp(<SideMenu />, { queryClient });
    const items = menuTexts();
    expect(items).toEqual(expect.arrayContaining(['Dashboard', 'Active loads', 'My trips', 'Membership', 'FastagNew']));
    expect(items).not.toContain('UMS');
    expect(items).not.toContain('Add Money');
    expect(screen.getByRole('link', { name: 'Active loads' })).toHaveAttribute('href', '/web-view/active-loads');
    expect(screen.getByRole('link', { name: 'Membership' })).toHaveAttribute('href', '/app/caraxes/marketplace/subscription-page');
  });

  it('hides Fastag and Add Money from a role without them', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.me(), me(['LOADS_VIEW']));
    renderApp(<SideMenu />, { queryClient });
    const items = menuTexts();
    expect(items).not.toContain('FastagNew');
    expect(items).not.toContain('My trips');
    expect(items).toContain('Active loads');
  });

  it('shows them and Maintenance, linked to the fleet screens, with VEHICLES_VIEW', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.me(), me(['VEHICLES_VIEW']));
    renderApp(<SideMenu />, { queryClient });
    expect(menuTexts()).toEqual(expect.arrayContaining(['GPS Dashboard', 'Devices', 'Drivers', 'Documents']));
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/portal/fleet/documents');
    // Reports needs REPORTS_DOWNLOAD; Maintenance is a fleet screen
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Maintenance' })).toHaveAttribute('href', '/portal/fleet/maintenance');
  });
});
