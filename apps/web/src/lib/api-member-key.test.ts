import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Issue 27: which key the typed client sends — the staff app's token, or in the member app the member key on /api/me/ only. */
const stored = new Map<string, string>();
let sent: { url: string; authorization: string | undefined; centre: string | undefined }[] = [];
let status = 200;

beforeEach(() => {
  vi.resetModules();
  stored.clear();
  sent = [];
  status = 200;
  stored.set('token', 'staff-token');
  stored.set('selectedCentre', '3');
  vi.stubGlobal('window', {
    location: { origin: 'http://demo.localhost:3000' },
    localStorage: {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => stored.set(k, v),
      removeItem: (k: string) => stored.delete(k),
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: { headers: Record<string, string> }) => {
    sent.push({ url, authorization: init.headers.Authorization, centre: init.headers['X-Centre'] });
    return new Response(status === 204 ? null : '{}', { status });
  });
});
afterEach(() => vi.unstubAllGlobals());

const me = { method: 'GET', path: '/api/me/' } as const;
const sessions = { method: 'GET', path: '/api/me/sessions/' } as const;
const organisation = { method: 'GET', path: '/api/administrator/organisation/' } as const;

describe('the typed client’s key', () => {
  it('sends the staff token (and centre) in the staff app', async () => {
    const { call } = await import('./api');
    await call(organisation);
    expect(sent).toEqual([{ url: '/api/administrator/organisation/', authorization: 'Token staff-token', centre: '3' }]);
  });

  it('in the member app sends the member key on /api/me/ calls only, and never the staff token', async () => {
    const { call, setMemberKeySource } = await import('./api');
    stored.set('arena.member.key', 'm_abc');
    setMemberKeySource(() => stored.get('arena.member.key') ?? null);
    await call(me);
    await call(sessions);
    await call(organisation);
    expect(sent).toEqual([
      { url: '/api/me/', authorization: 'Token m_abc', centre: undefined },
      { url: '/api/me/sessions/', authorization: 'Token m_abc', centre: undefined },
      { url: '/api/administrator/organisation/', authorization: undefined, centre: undefined },
    ]);
    // Signed out: no key at all.
    stored.delete('arena.member.key');
    await call(me);
    expect(sent.at(-1)!.authorization).toBeUndefined();
  });

  it('reports a 401 of a member call (the app signs out), not one made without a key', async () => {
    const { call, onUnauthorized, setMemberKeySource } = await import('./api');
    const signedOut = vi.fn();
    onUnauthorized(signedOut);
    setMemberKeySource(() => stored.get('arena.member.key') ?? null);
    status = 401;
    await expect(call(me)).rejects.toMatchObject({ status: 401 });
    expect(signedOut).not.toHaveBeenCalled();
    stored.set('arena.member.key', 'm_revoked');
    await expect(call(me)).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toHaveBeenCalledTimes(1);
  });
});
