import { describe, expect, it } from 'vitest';
import { classifyHost } from './tenancy.js';

describe('host classification', () => {
  it('reads the organisation from {slug}.{APP_DOMAIN} with or without a port', () => {
    expect(classifyHost('demo.localhost:3000', 'localhost')).toEqual({ kind: 'tenant', subdomain: 'demo' });
    expect(classifyHost('Demo.Arena.Example.com', 'arena.example.com')).toEqual({ kind: 'tenant', subdomain: 'demo' });
  });

  it('treats the bare domain, a missing host and foreign names as the provider host', () => {
    expect(classifyHost('localhost:3000', 'localhost')).toEqual({ kind: 'provider' });
    expect(classifyHost(undefined, 'localhost')).toEqual({ kind: 'provider' });
    expect(classifyHost('127.0.0.1:3000', 'localhost')).toEqual({ kind: 'provider' });
  });

  it('refuses nested or malformed subdomains', () => {
    expect(classifyHost('a.b.localhost', 'localhost')).toEqual({ kind: 'unknown' });
    expect(classifyHost('bad_slug.localhost', 'localhost')).toEqual({ kind: 'unknown' });
  });
});
