import type { SessionUser } from '@bhada/contracts/auth';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authKeys } from '../../features/auth/api/get-me.ts';
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
    for (const hidden of ['GPS Dashboard', 'Devices', 'Drivers', 'Documents']) expect(items).not.toContain(hidden);
    expect(items).toContain('UMS');
  });

  it('shows them, linked to the fleet screens, with VEHICLES_VIEW', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.me(), me(['VEHICLES_VIEW']));
    renderApp(<SideMenu />, { queryClient });
    expect(menuTexts()).toEqual(expect.arrayContaining(['GPS Dashboard', 'Devices', 'Drivers', 'Documents']));
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/portal/fleet/documents');
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Maintenance' })).toBeNull();
  });
});
