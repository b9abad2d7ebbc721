import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { organisationOrigin, providerHost } from '../../lib/host';
import { AuthLayout } from './AuthLayout';

/** Provider host: type your organisation's subdomain and go to its login. */
export default function SelectOrganisationPage() {
  const [slug, setSlug] = useState('');
  const [error, setError] = useState<string | null>(null);
  const host = providerHost();

  return (
    <AuthLayout
      title="Find your organization"
      subtitle="Enter your organization's subdomain to go to its login page."
      footer={
        <>
          New to Arena?{' '}
          <Link to="/signup" className="font-medium text-accent-text hover:underline">
            Sign Up
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const value = slug.trim().toLowerCase();
          if (!value) return setError('Subdomain is required');
          if (!/^[a-z0-9-]+$/.test(value)) return setError('Use only lower-case letters, digits and hyphens.');
          window.location.assign(`${organisationOrigin(value)}/login`);
        }}
      >
        <div>
          <label htmlFor="org-subdomain" className="mb-1.5 block text-sm font-medium">
            Subdomain
          </label>
          <div
            className={`flex h-10 items-center overflow-hidden rounded-md border bg-surface shadow-sm focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30 ${error ? 'border-danger' : 'border-line-strong'}`}
          >
            <input
              id="org-subdomain"
              value={slug}
              onChange={(e) => {
                setSlug(e.target.value);
                setError(null);
              }}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              placeholder="your-club"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'org-subdomain-error' : undefined}
              className="h-full min-w-0 flex-1 bg-transparent px-3 text-sm text-fg focus:outline-none"
            />
            <span className="border-l border-line bg-subtle px-3 py-2.5 text-sm text-muted">.{host}</span>
          </div>
          {error && (
            <p id="org-subdomain-error" className="mt-1.5 text-xs font-medium text-danger-text">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" className="w-full">
          Continue
        </Button>
      </form>
    </AuthLayout>
  );
}
