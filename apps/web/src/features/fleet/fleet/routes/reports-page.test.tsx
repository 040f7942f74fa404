import type { SessionUser } from '@bhada/contracts/account/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indiaNow } from '../../../../components/date-field.tsx';
import { setLanguage } from '../../../../lib/i18n.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { meQueryOptions } from '../../../../lib/session.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { renderApp } from '../../../../test/render.tsx';
import ReportsPage from './reports-page.tsx';

const server = setupMswServer();

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
const clientWith = (permissions: string[]) => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryOptions().queryKey, me(permissions));
  return queryClient;
};

describe('Reports page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists only the reports the user may download', async () => {
    renderApp(<ReportsPage />, { queryClient: clientWith(['REPORTS_DOWNLOAD', 'WALLET_VIEW']) });
    expect(await screen.findByRole('region', { name: 'Trips report' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Wallet statement' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Fastag statement (all vehicles)' })).toBeNull();
  });

  it('tells a user without REPORTS_DOWNLOAD they cannot download', async () => {
    renderApp(<ReportsPage />, { queryClient: clientWith(['WALLET_VIEW']) });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to download reports');
    expect(screen.queryByRole('region', { name: 'Trips report' })).toBeNull();
  });

  it('downloads the trips report for the picked period with progress, and shows the server’s refusal', async () => {
    const queries: URLSearchParams[] = [];
    const bytes = new Uint8Array(4096).fill(7);
    server.use(
      mswHttp.get('*/api/fleet/reports/trips', ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q);
        if (queries.length > 1)
          return HttpResponse.json(
            { success: false, errorCode: 'VALIDATION_FAILED', message: 'The period cannot end in the future' },
            { status: 400 },
          );
        return new HttpResponse(bytes, {
          headers: {
            'content-type': 'application/pdf',
            'content-length': String(bytes.length),
            'content-disposition': 'attachment; filename="trips-report-x.pdf"',
          },
        });
      }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const { user } = renderApp(<ReportsPage />, { queryClient: clientWith(['REPORTS_DOWNLOAD']) });
    const card = await screen.findByRole('region', { name: 'Trips report' });
    await user.click(within(card).getByText('PDF'));
    await user.click(within(card).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toEqual(['trips-report-x.pdf']));
    const [first] = queries;
    expect(first?.get('toDate')).toBe(indiaNow(false));
    expect(first?.get('format')).toBe('pdf');
    expect((first?.get('fromDate') ?? '') < (first?.get('toDate') ?? '')).toBe(true);
    expect(within(card).getByText('Downloading… 100%')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('aria-valuenow', '100');

    await user.click(within(card).getByRole('button', { name: 'Download' }));
    expect(await within(card).findByText('The period cannot end in the future')).toBeInTheDocument();
  });
});
