import { HttpResponse, http as mswHttp } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMswServer } from '../test/msw.ts';
import { putFile } from './upload.ts';

const server = setupMswServer();
const SIGNED = 'http://store.test/bucket/doc.jpg?sig=abc';

describe('putFile', () => {
  it('PUTs to the signed URL with the file’s content type and ends at 100 percent', async () => {
    // (jsdom's XMLHttpRequest hands the test server a Blob it cannot read back, so the body is not compared)
    let received: { type: string | null; signature: string | null } | null = null;
    server.use(
      mswHttp.put(SIGNED.split('?')[0]!, ({ request }) => {
        received = { type: request.headers.get('content-type'), signature: new URL(request.url).searchParams.get('sig') };
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const progress: number[] = [];
    await putFile(SIGNED, new Blob(['hello'], { type: 'image/jpeg' }), 'image/jpeg', (p) => progress.push(p));
    expect(received).toEqual({ type: 'image/jpeg', signature: 'abc' });
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p) => Number.isInteger(p) && p >= 0 && p <= 100)).toBe(true);
  });

  it('says an expired link apart from any other refusal', async () => {
    server.use(mswHttp.put(SIGNED.split('?')[0]!, () => new HttpResponse(null, { status: 403 })));
    await expect(putFile(SIGNED, new Blob(['x']), 'image/jpeg')).rejects.toThrow('upload link expired');
    server.use(mswHttp.put(SIGNED.split('?')[0]!, () => new HttpResponse(null, { status: 500 })));
    await expect(putFile(SIGNED, new Blob(['x']), 'image/jpeg')).rejects.toThrow('upload failed (500)');
  });

  it('does not start when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(putFile(SIGNED, new Blob(['x']), 'image/jpeg', undefined, controller.signal)).rejects.toThrow('upload cancelled');
  });
});
