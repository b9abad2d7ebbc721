import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, organisationOrigin, parseTrustProxy } from './config.js';

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.APP_DOMAIN).toBe('localhost');
    expect(c.PUBLIC_URL.origin).toBe('http://localhost:3000');
    expect(c.DATA_DIR).toMatch(/\.data$/);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('explains a bad value clearly', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: .*\(got "eighty"\)/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ PUBLIC_URL: 'localhost:3000/app' })).toThrow(/PUBLIC_URL/);
  });

  it("builds an organisation's origin by putting its subdomain before the provider host", () => {
    const c = loadConfig({ PUBLIC_URL: 'https://arena.example.com' });
    expect(organisationOrigin(c, 'demo')).toBe('https://demo.arena.example.com');
    expect(organisationOrigin(c, null)).toBe('https://arena.example.com');
    expect(organisationOrigin(loadConfig({}), 'demo')).toBe('http://demo.localhost:3000');
  });

  describe('TRUST_PROXY', () => {
    it('trusts no proxy when unset, empty or 0', () => {
      expect(loadConfig({}).TRUST_PROXY).toEqual({ mode: 'none' });
      expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toEqual({ mode: 'none' });
      expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual({ mode: 'none' });
    });

    it('takes a number of proxies in front of the app', () => {
      expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ mode: 'hops', hops: 1 });
      expect(loadConfig({ TRUST_PROXY: ' 2 ' }).TRUST_PROXY).toEqual({ mode: 'hops', hops: 2 });
      expect(() => loadConfig({ TRUST_PROXY: '21' })).toThrow(/TRUST_PROXY: at most 20 proxies/);
    });

    it('takes a comma-separated list of proxy addresses and CIDR ranges', () => {
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,2001:db8::/32' }).TRUST_PROXY).toEqual({
        mode: 'addresses',
        addresses: ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32'],
      });
      expect(parseTrustProxy('loopback')).toEqual({ mode: 'addresses', addresses: ['127.0.0.0/8', '::1/128'] });
    });

    it('refuses anything else with a message that names the accepted forms', () => {
      for (const bad of ['true', '*', 'yes', '10.0.0.0/33', '10.0.0.0/0', '10.0.0.1,proxy.local', '300.1.1.1', '-1', '1.5', ',']) {
        expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
        expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
          /TRUST_PROXY: .*comma-separated list of proxy addresses or CIDR ranges/,
        );
      }
      expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/would let any client choose its own address/);
      expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.local' })).toThrow(/"proxy\.local" is not an IP address or CIDR range/);
    });
  });
});
