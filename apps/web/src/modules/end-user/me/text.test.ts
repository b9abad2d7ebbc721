import { describe, expect, it } from 'vitest';
import { matchPath } from './router';
import { deviceName, splitLinks } from './text';

describe('splitLinks (announcement bodies)', () => {
  it('makes http and https addresses links and leaves the rest as text', () => {
    expect(splitLinks('Pool closed today. Details: https://club.example.com/notice?id=4.')).toEqual([
      { text: 'Pool closed today. Details: ' },
      { href: 'https://club.example.com/notice?id=4' },
      { text: '.' },
    ]);
    expect(splitLinks('(see http://a.in/x) and HTTPS://B.IN')).toEqual([
      { text: '(see ' },
      { href: 'http://a.in/x' },
      { text: ') and ' },
      { href: 'HTTPS://B.IN' },
    ]);
  });

  it('never makes a link of another scheme or of markup', () => {
    for (const body of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://evil.example">x</a>', 'www.example.com'])
      expect(splitLinks(body).filter((p) => 'href' in p && !/^https?:\/\//i.test(p.href))).toEqual([]);
    // An address inside markup stops at the quote: no attribute can be carried along.
    expect(splitLinks('<a href="https://evil.example" onclick="x">')).toContainEqual({ href: 'https://evil.example' });
    expect(splitLinks('plain text')).toEqual([{ text: 'plain text' }]);
    expect(splitLinks('')).toEqual([]);
  });
});

describe('matchPath (the member app router)', () => {
  it('matches a page path with its params, exactly', () => {
    expect(matchPath('', '/')).toEqual({});
    expect(matchPath('more/devices', '/more/devices')).toEqual({});
    expect(matchPath('invoices/:id', '/invoices/42')).toEqual({ id: '42' });
    expect(matchPath('invoices/:id', '/invoices')).toBeNull();
    expect(matchPath('more', '/more/devices')).toBeNull();
    expect(matchPath('', '/feed')).toBeNull();
  });
});

describe('deviceName', () => {
  it('names the browser and the system', () => {
    expect(
      deviceName('Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'),
    ).toBe('Chrome on Android');
    expect(
      deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iOS');
    expect(deviceName('curl/8.0')).toBe('A browser');
  });
});
