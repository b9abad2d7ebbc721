import type { HomeMoney } from '@arena/contracts/income-expense';
import { Link } from 'react-router';
import { TileQuery } from '../../components/TileQuery';
import { formatMoney } from '../../lib/format';
import { useHomeMoney } from './api';

/** Where each kind of sale's dues are listed. */
const DUES_LISTS: Record<string, { label: string; to: string }> = {
  membership: { label: 'Members', to: '/reports/membership?report=dues' },
  member_service: { label: 'Member services', to: '/reports/membership?report=dues' },
  booking: { label: 'Booking clients', to: '/booking/clients?has_due=true' },
};

/** The Transactions screen with a window's filters: the list behind a collections figure. */
export const transactionsLink = (period: { from: string; to: string }, centre: string) =>
  `/income-expense/transactions?${new URLSearchParams({
    type: 'income',
    date_after: period.from,
    date_before: period.to,
    ...(centre ? { centre } : {}),
  }).toString()}`;

function WithMoney({ centre, children }: { centre: string; children: (data: HomeMoney) => React.ReactNode }) {
  return <TileQuery query={useHomeMoney(centre)}>{children}</TileQuery>;
}

/** The home's Collections: today and this month from the one ledger (every module), by module and by mode. */
export function CollectionsTile({ centre }: { centre: string }) {
  return (
    <WithMoney centre={centre}>
      {(d) => (
        <div className="space-y-3">
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-xs text-muted">Today</dt>
              <dd className="mt-0.5 break-words text-base font-semibold tabular xl:text-lg">
                <Link to={transactionsLink(d.today, centre)} className="hover:underline">
                  {formatMoney(d.today.amount)}
                </Link>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted">This month</dt>
              <dd className="mt-0.5 break-words text-base font-semibold tabular xl:text-lg">
                <Link to={transactionsLink(d.month, centre)} className="hover:underline">
                  {formatMoney(d.month.amount)}
                </Link>
              </dd>
            </div>
          </dl>
          {d.month.by_module.length > 0 && (
            <ul className="space-y-1 text-xs" aria-label="This month by module">
              {d.month.by_module.map((m) => (
                <li key={m.module} className="flex justify-between gap-2">
                  <span className="truncate text-muted">{m.module.replace(' Management', '') || 'Other'}</span>
                  <span className="shrink-0 tabular">{formatMoney(m.amount)}</span>
                </li>
              ))}
            </ul>
          )}
          {d.month.by_mode.length > 0 && (
            <p className="text-xs text-muted">{d.month.by_mode.map((m) => `${m.mode} ${formatMoney(m.amount)}`).join(' · ')}</p>
          )}
        </div>
      )}
    </WithMoney>
  );
}

/** The home's Dues outstanding: what members and booking clients still owe, each linking to its list. */
export function DuesTile({ centre }: { centre: string }) {
  return (
    <WithMoney centre={centre}>
      {(d) => {
        const lists = d.dues.by_source.filter((s) => Number(s.amount) > 0);
        return (
          <div className="space-y-3">
            <p className="text-lg font-semibold tabular">{formatMoney(d.dues.total)}</p>
            {lists.length === 0 ? (
              <p className="text-sm text-muted">Nobody owes anything.</p>
            ) : (
              <ul className="space-y-1 text-xs">
                {lists.map((s) => {
                  const list = DUES_LISTS[s.type] ?? { label: s.noun, to: '/income-expense' };
                  return (
                    <li key={s.type} className="flex justify-between gap-2">
                      <Link to={list.to} className="truncate text-accent-text hover:underline">
                        {list.label} ({s.count})
                      </Link>
                      <span className="shrink-0 tabular">{formatMoney(s.amount)}</span>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        );
      }}
    </WithMoney>
  );
}
