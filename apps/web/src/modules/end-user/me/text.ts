/** Pure helpers of the member app's pages (tested in text.test.ts). */

/** A piece of plain text: words as they are, or an http(s) address to show as a link. */
export type TextPart = { text: string } | { href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/**
 * Plain text cut into words and web addresses (http and https only; a full stop, comma or closing
 * bracket after an address is not part of it). Nothing is ever read as HTML.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ href: match[0] });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** A browser's user agent as a person reads it ("Chrome on Android"). */
export function deviceName(agent: string): string {
  const browsers: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/SamsungBrowser/, 'Samsung Internet'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/Android/, 'Android'],
    [/iPhone|iPad/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([re]) => re.test(agent))?.[1] ?? 'A browser';
  const system = systems.find(([re]) => re.test(agent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
