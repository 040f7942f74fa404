import { DEFAULT_SETTINGS } from '@bhada/contracts/account/account';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import SettingsPage from './settings-page.tsx';

const server = setupMswServer();

describe('settings', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('switches the language to Hindi and stops payment messages by SMS', async () => {
    const posts: Array<Record<string, unknown>> = [];
    server.use(
      mswHttp.get('*/api/setting', () => HttpResponse.json(ok(DEFAULT_SETTINGS))),
      mswHttp.post('*/api/setting', async ({ request }) => {
        const body = (await request.json()) as typeof DEFAULT_SETTINGS;
        posts.push(body);
        return HttpResponse.json(ok({ ...DEFAULT_SETTINGS, ...body }));
      }),
    );
    const { user } = renderApp(<SettingsPage />);
    const paymentsSms = await screen.findByRole('switch', { name: 'Payments SMS' });
    expect(paymentsSms).toBeChecked();
    await user.click(paymentsSms);
    await user.click(screen.getByText('हिन्दी'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ language: 'hi', notifications: { PAYMENTS: { SMS: false, WHATSAPP: true, EMAIL: true } } });
    await waitFor(() => expect(i18n.language).toBe('hi'));
    expect(await screen.findByRole('button', { name: 'सेटिंग्स सेव करें' })).toBeInTheDocument();
  });
});
