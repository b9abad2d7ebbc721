import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { isTrustedPeer, requestIdFrom, trustProxyOption } from './proxy.js';

/** A bare Fastify with the app's proxy options that answers what it believes. */
async function echo(TRUST_PROXY?: string) {
  const config = loadConfig(TRUST_PROXY === undefined ? {} : { TRUST_PROXY });
  const app = Fastify({ trustProxy: trustProxyOption(config), genReqId: (req) => requestIdFrom(req, config) });
  app.get('/', async (request) => ({ ip: request.ip, id: request.id }));
  await app.ready();
  return (remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/', remoteAddress, headers }).then((r) => r.json() as { ip: string; id: string });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(trustProxyOption(loadConfig({}))).toBe(false);
    const ask = await echo();
    expect((await ask('203.0.113.9', { 'x-forwarded-for': '1.2.3.4' })).ip).toBe('203.0.113.9');
  });

  it('with N hops, takes the Nth address from the right and ignores what the client wrote before it', async () => {
    const one = await echo('1');
    expect((await one('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 198.51.100.7' })).ip).toBe('198.51.100.7');
    expect((await one('10.0.0.2', { 'x-forwarded-for': '198.51.100.7' })).ip).toBe('198.51.100.7');
    expect((await one('10.0.0.2')).ip).toBe('10.0.0.2');
    const two = await echo('2');
    expect((await two('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.1' })).ip).toBe('198.51.100.7');
  });

  it('with addresses, follows X-Forwarded-For only through the listed proxies', async () => {
    const ask = await echo('10.0.0.0/8,192.168.1.7');
    // Through two trusted proxies: the first untrusted address from the right is the client.
    expect((await ask('192.168.1.7', { 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.1.1.1' })).ip).toBe('198.51.100.7');
    // Straight from the internet: the header is the client's own writing.
    expect((await ask('203.0.113.9', { 'x-forwarded-for': '10.9.9.9' })).ip).toBe('203.0.113.9');
    // IPv4-mapped IPv6 socket addresses (a server listening on ::) match IPv4 ranges.
    expect((await ask('::ffff:10.0.0.3', { 'x-forwarded-for': '198.51.100.8' })).ip).toBe('198.51.100.8');
  });

  it('knows whether the socket peer is a trusted proxy', () => {
    const list = loadConfig({ TRUST_PROXY: '10.0.0.0/8' });
    expect(isTrustedPeer(list, '10.2.3.4')).toBe(true);
    expect(isTrustedPeer(list, '11.2.3.4')).toBe(false);
    expect(isTrustedPeer(list, undefined)).toBe(false);
    expect(isTrustedPeer(loadConfig({}), '127.0.0.1')).toBe(false);
    expect(isTrustedPeer(loadConfig({ TRUST_PROXY: '1' }), '203.0.113.9')).toBe(true);
  });
});

describe('request id', () => {
  const given = 'proxy-assigned-id-123';

  it('ignores the X-Request-Id of a client when no proxy is trusted', async () => {
    const ask = await echo();
    const res = await ask('203.0.113.9', { 'x-request-id': given });
    expect(res.id).not.toBe(given);
    expect(res.id).toMatch(UUID);
  });

  it("takes a trusted proxy's X-Request-Id, and only from a trusted proxy", async () => {
    const ask = await echo('10.0.0.0/8');
    expect((await ask('10.0.0.2', { 'x-request-id': given })).id).toBe(given);
    expect((await ask('203.0.113.9', { 'x-request-id': given })).id).toMatch(UUID);
  });

  it('refuses ids that do not look like one, even from a trusted proxy', () => {
    const config = loadConfig({ TRUST_PROXY: '10.0.0.0/8' });
    const from = (id: string) => requestIdFrom({ headers: { 'x-request-id': id }, socket: { remoteAddress: '10.0.0.2' } }, config);
    expect(from('short')).toMatch(UUID);
    expect(from('has spaces in it')).toMatch(UUID);
    expect(from('x'.repeat(65))).toMatch(UUID);
    expect(from('ok-id_12345')).toBe('ok-id_12345');
  });
});
