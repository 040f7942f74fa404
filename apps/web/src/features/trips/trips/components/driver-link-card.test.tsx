import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { DriverLinkCard } from './driver-link-card.tsx';

const server = setupMswServer();
const link = (over: object = {}) => ({
  linkId: 'DLK1',
  tripId: 'TRP1',
  status: 'ACTIVE',
  url: null,
  issuedAt: '2026-12-04T05:00:00Z',
  expiresAt: '2027-01-18T05:00:00Z',
  revokedAt: null,
  openedAt: '2026-12-04T05:30:00Z',
  lastReportAt: '2026-12-04T06:10:00Z',
  location: 'STOPPED',
  locationChangedAt: '2026-12-04T06:10:00Z',
  sentTo: 'XXXXXX1234',
  ...over,
});

describe("the operator's driver link panel", () => {
  let calls: string[] = [];
  beforeEach(async () => {
    await setLanguage('en');
    window.localStorage.clear();
    calls = [];
    server.use(
      mswHttp.get('*/api/rest/tesseract/v2/trip/TRP1/driver-link', () => HttpResponse.json(ok({ link: link() }))),
      mswHttp.post('*/api/rest/tesseract/v2/trip/TRP1/driver-link', () => {
        calls.push('POST');
        return HttpResponse.json(ok({ link: link({ url: 'http://x/d/abc.def', openedAt: null, lastReportAt: null, location: 'NEVER' }) }));
      }),
      mswHttp.delete('*/api/rest/tesseract/v2/trip/TRP1/driver-link', () => {
        calls.push('DELETE');
        return HttpResponse.json(ok({ link: link({ status: 'REVOKED', revokedAt: '2026-12-04T07:00:00Z' }) }));
      }),
    );
  });

  it('shows when the driver opened the link, the last report and that location sharing was stopped', async () => {
    renderApp(<DriverLinkCard tripId="TRP1" canManage />);
    expect(await screen.findByText(/Opened by the driver: 04 Dec/)).toBeInTheDocument();
    expect(screen.getByText(/Last report from the phone: 04 Dec/)).toBeInTheDocument();
    expect(screen.getByText('stopped by the driver')).toBeInTheDocument();
    expect(screen.getByText('Texted to XXXXXX1234')).toBeInTheDocument();
  });

  it('reissues a link and shows it to copy or share, and switches it off', async () => {
    const { user } = renderApp(<DriverLinkCard tripId="TRP1" canManage />);
    await user.click(await screen.findByRole('button', { name: 'Issue a new link' }));
    expect(await screen.findByDisplayValue('http://x/d/abc.def')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(screen.getByText('Switched off')).toBeInTheDocument());
    expect(calls).toEqual(['POST', 'DELETE']);
    expect(screen.queryByRole('button', { name: 'Switch off' })).not.toBeInTheDocument();
  });

  it('hides the changes from a finished trip', async () => {
    renderApp(<DriverLinkCard tripId="TRP1" canManage={false} />);
    await screen.findByText(/Opened by the driver/);
    expect(screen.queryByRole('button', { name: 'Issue a new link' })).not.toBeInTheDocument();
  });
});
