import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, organisationOrigin } from './config.js';

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
});
