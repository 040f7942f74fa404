import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { DemandDocuments } from './demand-documents.tsx';

const server = setupMswServer();

beforeEach(async () => {
  await setLanguage('en');
  storage.set('accessToken', 'tok');
});

describe("a trip card's documents", () => {
  it('asks only when opened, then lists the docket, e-way bill and invoices with signed links', async () => {
    let calls = 0;
    server.use(
      mswHttp.get('*/api/consigner/demand/DEM-1/document', () => {
        calls++;
        return HttpResponse.json(
          ok({
            demandId: 'DEM-1',
            tripId: 'TRP-1',
            documents: [
              { type: 'DOCKET', number: 'LR/24001', date: '2026-11-20', valueInPaisa: 4_500_000, viewUrl: null },
              { type: 'EWAY_BILL', number: '331012345678', date: '2026-11-22T12:30:00.000Z', valueInPaisa: null, viewUrl: null },
              {
                type: 'INVOICE',
                number: 'GST/1',
                date: '2026-11-19',
                valueInPaisa: 25_000_000,
                viewUrl: 'http://x/api/files/view/a?sig=1',
              },
            ],
          }),
        );
      }),
    );
    const { user } = renderApp(<DemandDocuments demandId="DEM-1" />);
    expect(calls).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Documents' }));
    expect(await screen.findByText(/LR\/24001/)).toBeInTheDocument();
    expect(screen.getByText(/₹2,50,000/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute('href', 'http://x/api/files/view/a?sig=1');
    expect(calls).toBe(1);
  });
});
