/**
 * Spec 7: the organisation is the subdomain of the host; the provider's host is the parent domain.
 * `localhost` and IP addresses are the provider host; `{slug}.localhost` is an organisation.
 * Elsewhere a host with more than two labels carries a subdomain (demo.arena.in → demo).
 */
const IP = /^\d{1,3}(\.\d{1,3}){3}$/;

function split(hostname: string): { slug: string | null; parent: string } {
  const labels = hostname.toLowerCase().split('.');
  if (IP.test(hostname) || labels.length === 1) return { slug: null, parent: hostname };
  if (labels[labels.length - 1] === 'localhost') {
    return labels.length >= 2 ? { slug: labels[0], parent: labels.slice(1).join('.') } : { slug: null, parent: hostname };
  }
  if (labels.length > 2) return { slug: labels[0], parent: labels.slice(1).join('.') };
  return { slug: null, parent: hostname };
}

export const organisationSlug = (): string | null => split(window.location.hostname).slug;
export const isProviderHost = (): boolean => organisationSlug() === null;

/** host[:port] of the provider, e.g. localhost:3000. */
export function providerHost(): string {
  const { parent } = split(window.location.hostname);
  return window.location.port ? `${parent}:${window.location.port}` : parent;
}

/** The origin of an organisation's host, e.g. http://demo.localhost:3000. */
export function organisationOrigin(slug: string): string {
  return `${window.location.protocol}//${slug}.${providerHost()}`;
}

/** Where a signed-in user is handed over to their organisation's host (the key travels once). */
export function organisationLoginUrl(slug: string, token: string, email: string): string {
  const q = new URLSearchParams({ token, email });
  return `${organisationOrigin(slug)}/login?${q.toString()}`;
}
