import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { ConsignerReportsPage } from './consigner-reports-page.tsx';

const server = setupMswServer();

const request = (over: Record<string, unknown> = {}) => ({
  requestId: 'RPT1',
  reportType: 'TDS',
  email: 'accounts@cn.example.in',
  status: 'MAILED',
  rowCount: 3,
  createdAt: '2026-11-20T05:00:00.000Z',
  fileReady: true,
  ...over,
});

describe('consigner reports', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-cn', menuType: 'CONSIGNER' });
  });

  it('asks for the TDS report and follows it from building to ready', async () => {
    const asked: string[] = [];
    let built = false;
    server.use(
      mswHttp.get('*/api/data/getVehicleByOperatorReport', ({ request: r }) => {
        asked.push(new URL(r.url).searchParams.get('reportType') ?? '');
        return HttpResponse.json(ok(request({ status: 'BUILDING', fileReady: false })));
      }),
      mswHttp.get('*/api/consigner/reports', () =>
        HttpResponse.json(ok({ list: asked.length ? [request(built ? {} : { status: 'BUILDING', fileReady: false })] : [] })),
      ),
    );
    const { user } = renderApp(<ConsignerReportsPage />);
    await user.click((await screen.findAllByLabelText('Report'))[0]!);
    await user.click(await screen.findByRole('option', { name: 'TDS withheld' }));
    await user.click(screen.getByRole('button', { name: 'Mail me the report' }));
    await waitFor(() => expect(asked).toEqual(['TDS']));
    expect(await screen.findByText('Building')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    built = true;
    // the list is asked again while a report is building
    expect(await screen.findByRole('button', { name: 'Download' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Mailed')).toBeInTheDocument();
  });

  it('downloads a ready report through its signed link under its own file name', async () => {
    const bytes = new Uint8Array(64 * 1024).fill(7);
    server.use(
      mswHttp.get('*/api/consigner/reports', () => HttpResponse.json(ok({ list: [request()] }))),
      mswHttp.get('*/api/consigner/report/RPT1/file', () =>
        HttpResponse.json(ok({ url: 'http://localhost/api/files/view/reports/x/tds.xlsx?exp=1&sig=s', fileName: 'tds-CN1.xlsx' })),
      ),
      mswHttp.get('http://localhost/api/files/view/*', () =>
        HttpResponse.arrayBuffer(bytes.buffer, { headers: { 'content-length': String(bytes.length) } }),
      ),
    );
    // the test browser has no object URLs: stand-ins that record the file handed to the link
    const created = vi.fn((_blob: Blob) => 'blob:report');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp(<ConsignerReportsPage />);
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(blob.size).toBe(bytes.length);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('tds-CN1.xlsx');
    vi.restoreAllMocks();
  });
});
