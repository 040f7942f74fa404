import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { CallContact } from './call-contact.tsx';

const server = setupMswServer();

beforeEach(async () => {
  await setLanguage('en');
  storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
});

describe('call about a load', () => {
  it('asks the server whom to call and shows the number to dial', async () => {
    let asked = 0;
    server.use(
      mswHttp.get('*/api/odin/v2/DM-7/call', () => {
        asked += 1;
        return HttpResponse.json(ok({ demandId: 'DM-7', phoneNumber: '+919000000555', name: 'Bhada load desk' }));
      }),
    );
    const { user } = renderApp(<CallContact demandId="DM-7" />);
    expect(asked).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Call about this load' }));
    expect(await screen.findByTestId('call-contact')).toHaveTextContent(/Calling Bhada load desk:\s*\+919000000555/);
    expect(screen.getByRole('link', { name: '+919000000555' })).toHaveAttribute('href', 'tel:+919000000555');
    expect(asked).toBe(1);
  });

  it('says so when the number cannot be had', async () => {
    await setLanguage('hi');
    server.use(mswHttp.get('*/api/odin/v2/DM-8/call', () => HttpResponse.json({ success: false, errorCode: 'INTERNAL' }, { status: 500 })));
    const { user } = renderApp(<CallContact demandId="DM-8" />);
    await user.click(screen.getByRole('button', { name: 'इस लोड के बारे में कॉल करें' }));
    expect(await screen.findByText('नंबर नहीं मिल सका। कृपया फिर से कोशिश करें।')).toBeInTheDocument();
  });
});
