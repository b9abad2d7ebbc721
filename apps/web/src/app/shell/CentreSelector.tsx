import { accountsEndpoints } from '@arena/contracts/accounts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { call, SPEC_TIMEOUT } from '../../lib/api';
import { simpleErrorMessage } from '../../lib/errors';
import { useCentres } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { setUser } from '../../state/auth';
import { sidebar, sidebarStore, useSidebar } from '../../state/sidebar';
import { beginPageLoading } from '../../state/ui';

/** Spec 2.4 + 4 + 8: 'All Centers' or one centre, saved to the server; success refreshes every cached query. */
export function CentreSelector() {
  const queryClient = useQueryClient();
  const selected = useSidebar((s) => s.selectedCentre);
  const { data, isLoading } = useCentres();
  const [updating, setUpdating] = useState(false);
  const [failed, setFailed] = useState(false);

  async function change(value: string) {
    if (updating || value === sidebarStore.get().selectedCentre) return;
    const previous = sidebarStore.get().selectedCentre;
    sidebar.setSelectedCentre(value);
    setUpdating(true);
    setFailed(false);
    // Spec 2.4: the page-loading flag is held while the selection is saved and every query refreshed.
    const endPageLoading = beginPageLoading('Updating center selection');
    notify.loading('Updating center selection...');
    try {
      const user = await call(accountsEndpoints.replaceUser, {
        body: { center_id: value ? Number(value) : null },
        query: { notify: 'true' },
        timeout: SPEC_TIMEOUT,
      });
      setUser(user);
      notify.hideLoading();
      notify.success('Center updated successfully!');
      await queryClient.invalidateQueries();
    } catch (error) {
      notify.hideLoading();
      notify.error(`Error setting center: ${simpleErrorMessage(error) || 'Unknown error'}`);
      sidebar.setSelectedCentre(previous);
      setFailed(true);
    } finally {
      endPageLoading();
      setUpdating(false);
    }
  }

  return (
    <div>
      <label htmlFor="centre-select" className="mb-1 block text-xs font-medium text-muted">
        Center
      </label>
      <select
        id="centre-select"
        value={selected}
        disabled={updating || isLoading}
        aria-busy={updating || undefined}
        onChange={(e) => void change(e.target.value)}
        className="h-9 w-full rounded-md border border-line-strong bg-surface px-2 text-sm text-fg shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 disabled:opacity-70"
      >
        <option value="">All Centers</option>
        {data?.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
      {failed && (
        <Alert tone="error" className="mt-2 !px-2 !py-1.5 text-xs">
          Failed to update center. Please try again.
        </Alert>
      )}
    </div>
  );
}
