import { organisationEndpoints } from '@arena/contracts/administrator/routes';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { OrgAvatar } from '../../components/Avatar';
import { call } from '../../lib/api';
import { isProviderHost } from '../../lib/host';

interface PublicOrganisation {
  display_name: string;
  display_picture: string | null;
}

/** The organisation's name and picture on its host; Arena's on the provider host. */
function Brand() {
  const provider = isProviderHost();
  const { data } = useQuery({
    queryKey: ['organisation', 'public'],
    queryFn: () => call(organisationEndpoints.retrieve) as Promise<PublicOrganisation>,
    enabled: !provider,
    retry: false,
  });
  if (provider || !data) {
    return (
      <div className="flex items-center gap-2.5">
        <div className="flex h-9 w-9 items-center justify-center rounded-lg bg-side text-base font-bold text-white" aria-hidden="true">
          A
        </div>
        <span className="text-lg font-semibold tracking-tight">Arena</span>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2.5">
      <OrgAvatar name={data.display_name} picture={data.display_picture} />
      <span className="text-lg font-semibold tracking-tight">{data.display_name}</span>
    </div>
  );
}

/** The frame of every public page: brand, a card, and a footer line. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-full flex-col items-center bg-canvas px-4 py-10 sm:justify-center">
      <div className="w-full max-w-[420px]">
        <div className="mb-6 flex justify-center">
          <Brand />
        </div>
        <main className="rounded-xl border border-line bg-surface px-6 py-7 shadow-sm sm:px-8">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          {subtitle && <p className="mt-1.5 text-sm text-muted">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </main>
        {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
      </div>
    </div>
  );
}
