import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http, newIdempotencyKey, request, resetHttpHooks, setHttpHooks } from './http.ts';
import { notify } from './notify.ts';
import { storage } from './storage.ts';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('http client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn();
  const reload = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    setHttpHooks({ navigate, reload });
    navigate.mockReset();
    reload.mockReset();
  });
  afterEach(() => resetHttpHooks());

  it('sends the six headers and a timestamp on every call', async () => {
    storage.setMany({ accessToken: 'tok-1', locale: 'en', appVersion: '18.3.0', platform: 'android' });
    fetchMock.mockImplementation(async () => reply(200, { success: true, data: { ok: true }, errorCode: '200' }));
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);

    await http.get('/api/user/getAllRoles', { query: { pageNo: 0 } });
    await http.post('/api/user/createRole', { name: 'Dispatch' });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const [url, init] of fetchMock.mock.calls) {
      const parsed = new URL(String(url));
      expect(parsed.searchParams.get('_ts')).toBe('1700000000000');
      const headers = init?.headers as Record<string, string>;
      expect(headers.token).toBe('tok-1');
      expect(headers.locale).toBe('en');
      expect(headers['session-id']).toMatch(/.+/);
      expect(headers['utm-source']).toBe('DEMAND_PAGE');
      expect(headers['X-APP-VERSION']).toBe('18.3.0');
      expect(headers['X-APP-PLATFORM']).toBe('android');
    }
    expect(new URL(String(fetchMock.mock.calls[0]?.[0])).searchParams.get('pageNo')).toBe('0');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(JSON.stringify({ name: 'Dispatch' }));
  });

  it('falls back to locale hi and keeps one session id across calls', async () => {
    fetchMock.mockImplementation(async () => reply(200, { success: true, data: 1, errorCode: '200' }));
    await http.get('/api/a');
    await http.get('/api/b');
    const [first, second] = fetchMock.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(first?.locale).toBe('hi');
    expect(first?.token).toBeUndefined();
    expect(first?.['session-id']).toBe(second?.['session-id']);
  });

  it('on 401 clears the stored session and goes to /operatorlogin', async () => {
    storage.setMany({ accessToken: 'expired', userCode: 'U1', name: 'Ravi', menuType: 'OPERATOR', locale: 'en' });
    fetchMock.mockResolvedValue(reply(401, { success: false, message: 'Please log in again', errorCode: 'UNAUTHENTICATED' }));

    await expect(http.get('/api/auth/me')).rejects.toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED' });
    expect(storage.get('accessToken')).toBeUndefined();
    expect(storage.get('userCode')).toBeUndefined();
    expect(storage.get('name')).toBeUndefined();
    // the language is the device's choice, not the session's
    expect(storage.get('locale')).toBe('en');
    expect(navigate).toHaveBeenCalledWith('/operatorlogin');
  });

  it('on 409 reloads the page', async () => {
    fetchMock.mockResolvedValue(reply(409, { success: false, message: 'Changed meanwhile', errorCode: 'CONFLICT' }));
    await expect(http.post('/api/x', {})).rejects.toBeInstanceOf(ApiError);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("on 400 shows an error snackbar with the server's message and throws it with its field", async () => {
    const snackbar = vi.spyOn(notify, 'snackbar').mockReturnValue('id');
    fetchMock.mockResolvedValue(
      reply(400, { success: false, message: 'This mobile number is already registered', errorCode: 'PHONE_TAKEN', field: 'phone' }),
    );

    const error = await http.post('/api/user/addSubordinate/v2', {}).catch((e: unknown) => e);
    expect(snackbar).toHaveBeenCalledWith('This mobile number is already registered', 'error');
    expect(error).toMatchObject({
      status: 400,
      errorCode: 'PHONE_TAKEN',
      field: 'phone',
      message: 'This mobile number is already registered',
    });
  });

  it('leaves a 400 to the caller when asked to (quiet400)', async () => {
    const snackbar = vi.spyOn(notify, 'snackbar').mockReturnValue('id');
    fetchMock.mockResolvedValue(reply(400, { success: false, message: 'Wrong code', errorCode: 'OTP_INVALID' }));
    await expect(http.post('/api/auth/verify', {}, { quiet400: true })).rejects.toMatchObject({ errorCode: 'OTP_INVALID' });
    expect(snackbar).not.toHaveBeenCalled();
  });

  it('treats any errorCode other than "200" as a failure, even with HTTP 200', async () => {
    fetchMock.mockResolvedValue(reply(200, { success: true, data: {}, message: 'Not today', errorCode: '500' }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 200, errorCode: '500', message: 'Not today' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 0, errorCode: 'NETWORK' });
  });
});

describe('idempotency keys', () => {
  it('sends the idempotency-key header only when the caller gives one', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: {}, errorCode: '200' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await request('POST', '/api/fastag/recharge', { body: { tagId: 'T1', amount: 100 }, idempotencyKey: 'k-123' });
    await request('POST', '/api/fastag/recharge', { body: { tagId: 'T1', amount: 100 } });
    const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    expect((calls[0]![1].headers as Record<string, string>)['idempotency-key']).toBe('k-123');
    expect((calls[1]![1].headers as Record<string, string>)['idempotency-key']).toBeUndefined();
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
