import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { renderApp } from '../../../../test/render.tsx';
import { DISPATCHER_PERMISSIONS, queryClientWithSession } from '../../../../test/session.ts';
import { AddUserPage } from './add-user-page.tsx';
import { UmsPage } from './ums-page.tsx';

// no handlers: a page that asked the server anything here would fail the test (unhandled request)
setupMswServer();

describe('user management for a role without USERS_MANAGE (issue 16 point 4)', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', name: 'Mahesh' });
  });

  it('shows a Dispatcher why, with no Add user button and no request that ends in a 403', () => {
    renderApp(<UmsPage />, { route: '/portal/ums', queryClient: queryClientWithSession('SUBORDINATE', DISPATCHER_PERMISSIONS) });
    expect(screen.getByText('Your role does not allow this')).toBeInTheDocument();
    expect(screen.getByText('Ask your account owner to give your role this permission.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add user' })).toBeNull();
  });

  it('does not offer the add-user form to a Dispatcher who opens its address', () => {
    renderApp(<AddUserPage />, {
      route: '/portal/ums/add-user',
      queryClient: queryClientWithSession('SUBORDINATE', DISPATCHER_PERMISSIONS),
    });
    expect(screen.getByText('Your role does not allow this')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
  });
});
