import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStatement } from './open-statement.ts';

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const LINK = '/api/wallet/report/wallet-transactions?reportFormat=xlsx&dt=abc.def';

describe('openStatement', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let clicked: HTMLAnchorElement[] = [];

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('saves a workbook through a link on this page and opens no tab', async () => {
    fetchMock.mockResolvedValue(reply({ success: true, data: { url: LINK, expiresAt: '2026-11-25T12:00:00Z' }, errorCode: '200' }));
    const open = vi.spyOn(window, 'open');
    await openStatement('wallet-transactions', { fromTime: 1, toTime: 2, reportFormat: 'xlsx' });
    expect(open).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.getAttribute('href')).toBe(LINK);
    // an empty download attribute: the browser keeps the period-named file the server sends
    expect(clicked[0]?.getAttribute('download')).toBe('');
    expect(document.body.querySelector('a[download]')).toBeNull();
  });

  it('opens a PDF in the tab it opened before asking for the link', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fetchMock.mockResolvedValue(
      reply({ success: true, data: { url: LINK.replace('xlsx', 'pdf'), expiresAt: '2026-11-25T12:00:00Z' }, errorCode: '200' }),
    );
    await openStatement('wallet-transactions', { fromTime: 1, toTime: 2, reportFormat: 'pdf' });
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe(LINK.replace('xlsx', 'pdf'));
    expect(clicked).toHaveLength(0);
  });

  it('closes the PDF tab again when the link is refused, so no empty tab stays open', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fetchMock.mockResolvedValue(
      reply({ success: false, message: 'Please select a date range of not more than 14 days', errorCode: 'BAD_REQUEST' }, 400),
    );
    await expect(openStatement('fastagStatement', { fromTime: 1, toTime: 2, reportFormat: 'pdf' })).rejects.toThrow(
      'Please select a date range of not more than 14 days',
    );
    expect(tab.close).toHaveBeenCalled();
  });
});
