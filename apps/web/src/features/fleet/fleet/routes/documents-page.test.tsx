import type { VehicleListing } from '@bhada/contracts/fleet/fleet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetHttpHooks, setHttpHooks } from '../../../../lib/http.ts';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import DocumentsPage from './documents-page.tsx';

// the PUT to the signed URL reports progress through XMLHttpRequest; here the test drives it
const puts: Array<{ url: string; onProgress: (p: number) => void; finish: () => void }> = [];
vi.mock('../../../../lib/upload.ts', () => ({
  putFile: (url: string, _file: Blob, _type: string, onProgress: (p: number) => void) =>
    new Promise<void>((resolve) => {
      puts.push({ url, onProgress, finish: resolve });
    }),
}));

const server = setupMswServer();

const rejected: VehicleListing = {
  vehicleId: 'VEH-1',
  bodyType: 'CONTAINER',
  number: 'RJ14GA0123',
  displayNumber: 'RJ 14 GA 0123',
  tyreCount: 14,
  tonnage: 25,
  sizeInFeet: 32,
  height: 8,
  ownership: 'SELF',
  ownerName: 'Ravi',
  status: 'REJECTED',
  statusHi: 'अस्वीकृत',
  docInfoStatus: 'REJECTED',
  vehicleInfoStatus: 'COMPLETE',
  rcFrontResourceKey: 'fleet/a.jpg',
  rcBackResourceKey: 'fleet/b.jpg',
  vehDecResourceKey: null,
  vehicleType: '32 FT Container',
  vehicleTypeHindi: '32 फ़ुट कंटेनर',
  sortScore: 0,
  heading: 'Documents rejected',
  description: 'Upload the RC again. RC back photo is blurred',
  vehicleInputWidget: 'REUPLOAD_RC',
  rejectReason: 'RC back photo is blurred',
  expiringSoon: true,
  documents: [
    {
      documentId: 'DOC-1',
      vehicleId: 'VEH-1',
      docType: 'RC_BACK',
      fileName: 'b.jpg',
      resourceKey: 'fleet/b.jpg',
      status: 'REJECTED',
      statusHi: 'अस्वीकृत',
      rejectReason: 'RC back photo is blurred',
      expiresOn: null,
      expiringSoon: false,
      createdAt: '2026-11-20T10:00:00Z',
    },
  ],
};
const listOf = (list: VehicleListing[]) => ok({ list, totalCount: list.length, noData: list.length === 0 });
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

describe('Documents page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR', name: 'Ravi' });
    puts.length = 0;
    server.use(mswHttp.get('*/api/rest/tesseract/v1/operator/profile/documents', () => HttpResponse.json(ok({ documents: [] }))));
  });
  afterEach(() => {
    vi.useRealTimers();
    resetHttpHooks();
  });

  it('shows each vehicle with its status, the rejection reason and the expiry flag; in Hindi the type and status are Hindi', async () => {
    const locales: string[] = [];
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/operator/vehicles', ({ request }) => {
        const locale = request.headers.get('locale') ?? '';
        locales.push(locale);
        return HttpResponse.json(listOf([locale === 'hi' ? { ...rejected, heading: 'दस्तावेज़ अस्वीकृत' } : rejected]));
      }),
    );
    renderApp(<DocumentsPage />);
    const card = await screen.findByTestId('vehicle-card');
    expect(card).toHaveTextContent('RJ 14 GA 0123');
    expect(card).toHaveTextContent('Rejected');
    expect(card).toHaveTextContent('RC back photo is blurred');
    expect(card).toHaveTextContent('Document expiring soon');
    expect(within(card).getByRole('button', { name: 'Upload RC again' })).toBeInTheDocument();
    expect(locales.at(-1)).toBe('en');

    await setLanguage('hi');
    await waitFor(() => expect(screen.getByTestId('vehicle-card')).toHaveTextContent('32 फ़ुट कंटेनर'));
    expect(screen.getByTestId('vehicle-card')).toHaveTextContent('अस्वीकृत');
    expect(screen.getByTestId('vehicle-card')).not.toHaveTextContent('Rejected');
    // the server's texts follow the language too: the list is asked again with the Hindi locale header
    await waitFor(() => expect(screen.getByTestId('vehicle-card')).toHaveTextContent('दस्तावेज़ अस्वीकृत'));
    expect(locales.at(-1)).toBe('hi');
    expect(screen.getByTestId('vehicle-card')).not.toHaveTextContent('Documents rejected');
  });

  it('a failed list shows a placeholder entry and the no-data state, with retry', async () => {
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/operator/vehicles', () =>
        HttpResponse.json({ success: false, message: 'down', errorCode: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp(<DocumentsPage />);
    expect(await screen.findByTestId('vehicle-placeholder')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No data found');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('uploads both RC sides with progress, attaches them and reloads the list 1 s later', async () => {
    let listed = 0;
    let attached: unknown = null;
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/operator/vehicles', () => {
        listed++;
        return HttpResponse.json(listOf([rejected]));
      }),
      mswHttp.get('*/api/rest/tesseract/v1/operator/vehicle/document/upload-url', ({ request }) => {
        const docType = new URL(request.url).searchParams.get('docType');
        return HttpResponse.json(
          ok({
            documentId: `D-${docType}`,
            url: `/api/files/upload/${docType}`,
            resourceKey: `fleet/${docType}.jpg`,
            contentType: 'image/jpeg',
            expiresInSeconds: 600,
            maxBytes: 1e7,
          }),
        );
      }),
      mswHttp.patch('*/api/rest/tesseract/v1/operator/vehicles', async ({ request }) => {
        attached = await request.json();
        return HttpResponse.json(ok({ ...rejected, status: 'PENDING' }, 'Documents submitted for verification'));
      }),
    );
    const { user } = renderApp(<DocumentsPage />);
    await user.click(await screen.findByRole('button', { name: 'Upload RC again' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Upload and submit' });
    expect(submit).toBeDisabled();
    const inputs = dialog.querySelectorAll<HTMLInputElement>('input[type=file]');
    fireEvent.change(inputs[0] as HTMLInputElement, { target: { files: [jpeg('front.jpg')] } });
    fireEvent.change(inputs[1] as HTMLInputElement, { target: { files: [jpeg('back.jpg')] } });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(puts).toHaveLength(1));
    puts[0]?.onProgress(40);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Uploading RC front' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    puts[0]?.finish();
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.url).toBe('/api/files/upload/RC_BACK');
    const before = listed;
    puts[1]?.finish();
    await waitFor(() =>
      expect(attached).toEqual({
        vehicleId: 'VEH-1',
        documents: [
          { docType: 'RC_FRONT', resourceKey: 'fleet/RC_FRONT.jpg' },
          { docType: 'RC_BACK', resourceKey: 'fleet/RC_BACK.jpg' },
        ],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(listed).toBe(before);
    await waitFor(() => expect(listed).toBeGreaterThan(before), { timeout: 2500 });
  });

  it('checks the vehicle number as typed before adding', async () => {
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/operator/vehicles', () => HttpResponse.json(listOf([]))),
      mswHttp.get('*/api/rest/tesseract/v1/vehicle/lookup/:kind', ({ params }) =>
        HttpResponse.json(ok({ kind: params.kind, list: [{ value: 14, label: '14', labelHi: '14' }] })),
      ),
    );
    const { user } = renderApp(<DocumentsPage />);
    expect(await screen.findByText('No vehicles yet. Add your first vehicle.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    const dialog = await screen.findByRole('dialog');
    const number = within(dialog).getByRole('textbox', { name: /Vehicle number/ });
    await user.type(number, 'RJ14 X');
    fireEvent.blur(number);
    expect(await within(dialog).findByText('Enter a valid vehicle number, like RJ14 GA 1234 or 22 BH 1234 AA')).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '22 bh 1234 aa');
    expect(within(dialog).queryByText('Enter a valid vehicle number, like RJ14 GA 1234 or 22 BH 1234 AA')).not.toBeInTheDocument();
  });

  it('a number registered already is answered in the form (409), without reloading the page', async () => {
    const reload = vi.fn();
    setHttpHooks({ reload });
    let sent: unknown = null;
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/operator/vehicles', () => HttpResponse.json(listOf([]))),
      mswHttp.get('*/api/rest/tesseract/v1/vehicle/lookup/:kind', ({ params }) =>
        HttpResponse.json(ok({ kind: params.kind, list: [{ value: 14, label: `14 ${params.kind}`, labelHi: '14' }] })),
      ),
      mswHttp.post('*/api/rest/tesseract/v1/operator/vehicles', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { success: false, message: 'Vehicle RJ 14 GA 0123 is already registered', errorCode: 'CONFLICT', field: 'number' },
          { status: 409 },
        );
      }),
    );
    const { user } = renderApp(<DocumentsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add vehicle' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Vehicle number/ }), 'RJ14GA123');
    for (const [label, option] of [
      ['Tyres', '14 tyre'],
      ['Size', '14 size'],
      ['Capacity', '14 tonnage'],
    ]) {
      await user.click(within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) }));
      await user.click(await screen.findByRole('option', { name: option as string }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    expect(await within(dialog).findByText('Vehicle RJ 14 GA 0123 is already registered')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(sent).toMatchObject({
      number: 'RJ14GA123',
      bodyType: 'CONTAINER',
      tyreCount: 14,
      sizeInFeet: 14,
      tonnage: 14,
      height: null,
      ownership: 'SELF',
    });
  });
});
