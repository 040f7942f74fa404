import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { PodUploader } from './pod-uploader.tsx';

// The PUT to the signed URL goes through XMLHttpRequest for its progress events; here it is held
// open by the test so the in-between state (progress shown, not yet uploaded) can be seen.
const puts: Array<{ url: string; onProgress: (p: number) => void; finish: () => void }> = [];
vi.mock('../../../../lib/upload.ts', () => ({
  putFile: (url: string, _file: Blob, _type: string, onProgress: (p: number) => void) =>
    new Promise<void>((resolve) => {
      puts.push({ url, onProgress, finish: resolve });
    }),
}));

const server = setupMswServer();
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

let issued = 0;
const removed: string[] = [];
let submitted: unknown = null;

describe('POD uploader', () => {
  beforeEach(async () => {
    await setLanguage('en');
    window.localStorage.clear();
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
    puts.length = 0;
    removed.length = 0;
    issued = 0;
    submitted = null;
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    server.use(
      mswHttp.get('*/api/odin/operator-app/trip-pod-details', () =>
        HttpResponse.json(ok({ tripId: 'T1', demandId: 'D1', state: 'UNLOADED', collectPod: true, rejectReason: null, pods: [] })),
      ),
      mswHttp.post('*/api/odin/operator-app/upload-url', async ({ request }) => {
        const body = (await request.json()) as { fileName: string };
        issued += 1;
        return HttpResponse.json(
          ok({
            url: `http://localhost/api/files/upload/k${issued}?sig=x`,
            imgResourceKey: `pod/T1/key${issued}.jpg`,
            contentType: 'image/jpeg',
            expiresInSeconds: 600,
            maxBytes: 10_485_760,
            fileName: body.fileName,
          }),
        );
      }),
      mswHttp.post('*/api/odin/operator-app/upload-confirm', async ({ request }) => {
        const body = (await request.json()) as { resourceKey: string };
        return HttpResponse.json(
          ok({
            resourceKey: body.resourceKey,
            fileName: 'x.jpg',
            docType: 'POD',
            imgUrl: null,
            docViewUrl: null,
            isUploadedSuccessFully: true,
            status: 'UPLOADED',
            createdAt: '2026-11-20T10:00:00Z',
          }),
        );
      }),
      mswHttp.post('*/api/odin/operator-app/upload-remove', async ({ request }) => {
        removed.push(((await request.json()) as { resourceKey: string }).resourceKey);
        return HttpResponse.json(ok({ ok: true }));
      }),
      mswHttp.post('*/api/rest/tesseract/v1/trip/submit-pod', async ({ request }) => {
        submitted = await request.json();
        return HttpResponse.json(ok({ tripId: 'T1', state: 'POD_SUBMITTED', accepted: ['pod/T1/key2.jpg'] }));
      }),
    );
  });
  afterEach(() => vi.useRealTimers());

  const addPhoto = (name: string) => fireEvent.change(screen.getByTestId('pod-input'), { target: { files: [jpeg(name)] } });
  const cards = () => screen.getAllByRole('progressbar').map((bar) => bar.closest('.mantine-Card-root') as HTMLElement);

  it('adds a photo as not uploaded, shows its progress, marks it uploaded, and removes by index', async () => {
    renderApp(<PodUploader tripId="T1" demandId="D1" state="UNLOADED" />);
    await screen.findByText('Proof of delivery (POD)');

    addPhoto('first.jpg');
    await waitFor(() => expect(puts).toHaveLength(1));
    // added with the not-uploaded flag: a 0 % bar, no "Uploaded", submit still off
    const bar = screen.getByRole('progressbar', { name: /first\.jpg/ });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.queryByText('Uploaded')).not.toBeInTheDocument();

    puts[0]!.onProgress(40);
    await waitFor(() => expect(screen.getByRole('progressbar', { name: /first\.jpg/ })).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Submit/ })).toBeDisabled();

    puts[0]!.finish();
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /first\.jpg/ })).toHaveAttribute('aria-valuenow', '100');

    addPhoto('second.jpg');
    await waitFor(() => expect(puts).toHaveLength(2));
    puts[1]!.finish();
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Submit 2 photos' })).toBeEnabled();

    // remove index 0: the first photo goes (and its stored file), the second stays
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: /first\.jpg/ })).not.toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: /second\.jpg/ })).toBeInTheDocument();
    await waitFor(() => expect(removed).toEqual(['pod/T1/key1.jpg']));
    expect(screen.getByRole('button', { name: 'Submit 1 photo' })).toBeEnabled();
  });

  it('submits the uploaded photos and says "POD uploaded successfully"', async () => {
    const { user } = renderApp(<PodUploader tripId="T1" demandId="D1" state="UNLOADED" />);
    await screen.findByText('Proof of delivery (POD)');
    addPhoto('pod.jpg');
    await waitFor(() => expect(puts).toHaveLength(1));
    puts[0]!.finish();
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit 1 photo' }));
    expect(await screen.findByText('POD uploaded successfully')).toBeInTheDocument();
    expect(submitted).toEqual({ tripId: 'T1', demandId: 'D1', podResourceKeys: ['pod/T1/key1.jpg'] });
  });

  it('keeps a photo taken without network on the phone and uploads it once when the network returns', async () => {
    const keys: string[] = [];
    let offline = true;
    server.use(
      mswHttp.post('*/api/odin/operator-app/upload-url', async ({ request }) => {
        if (offline) return HttpResponse.error();
        const body = (await request.json()) as { clientKey: string };
        keys.push(body.clientKey);
        return HttpResponse.json(
          ok({
            url: 'http://localhost/api/files/upload/k9?sig=x',
            imgResourceKey: 'pod/T1/c9.jpg',
            contentType: 'image/jpeg',
            expiresInSeconds: 600,
            maxBytes: 10_485_760,
            alreadyUploaded: false,
          }),
        );
      }),
    );
    renderApp(<PodUploader tripId="T1" demandId="D1" state="UNLOADED" />);
    await screen.findByText('Proof of delivery (POD)');
    addPhoto('field.jpg');
    expect(await screen.findByTestId('pod-waiting')).toHaveTextContent(
      '1 photo is saved on this phone and will upload when the network is back.',
    );
    expect(screen.getByText('Waiting for network')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    offline = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(puts).toHaveLength(1));
    puts[0]!.finish();
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(screen.queryByTestId('pod-waiting')).not.toBeInTheDocument();
    // a second 'online' finds nothing left to send
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 50));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(puts).toHaveLength(1);
  });
});
