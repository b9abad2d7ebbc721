import { locationText, type Maintenance } from '@arena/contracts/asset';
import { CheckCircle2, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { CentreFilter } from '../../components/CentreFilter';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { optionsOf } from '../../components/form';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { capitalise, formatDate, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/useCan';
import type { ResolvedNode } from '../../lib/web-module';
import { useSidebar } from '../../state/sidebar';
import { ASSET_MODULE, ASSET_PATHS, assetKeys, fetchMaintenance, maintenanceExport, useAssetCategoryOptions } from './api';
import { DoneDialog } from './DoneDialog';

type View = 'due' | 'repairs' | 'done';

/** Each tab: what it lists (fixed filters), how it reads. */
const VIEWS: Record<View, { scope: Record<string, string>; title: string; empty: { title: string; description: string } }> = {
  due: {
    scope: { status: 'scheduled', kind: 'preventive' },
    title: 'Maintenance due',
    empty: {
      title: 'No service is due',
      description: 'Schedule a preventive service on an asset’s page: repeated every so many days, the next one appears here by itself.',
    },
  },
  repairs: {
    scope: { status: 'scheduled', kind: 'repair' },
    title: 'Repairs open',
    empty: {
      title: 'No repair is open',
      description: 'A fault reported from an asset’s QR page opens a repair here until it is marked done.',
    },
  },
  done: {
    scope: { status: 'done' },
    title: 'Maintenance done',
    empty: { title: 'No maintenance done yet', description: 'Services and repairs marked done are listed here with what they cost.' },
  },
};

const viewOf = (node: ResolvedNode): View =>
  node.fullPath.endsWith('/repairs') ? 'repairs' : node.fullPath.endsWith('/done') ? 'done' : 'due';

const KIND_OPTIONS = [
  { value: 'preventive', label: 'Preventive' },
  { value: 'repair', label: 'Repair' },
];

function columnsFor(view: View, finish: ((m: Maintenance) => void) | null): Column<Maintenance>[] {
  return [
    {
      id: 'date',
      header: view === 'done' ? 'Done on' : 'Due on',
      sortKey: 'date',
      mobile: 'subtitle',
      cell: (m) => (
        <span className="flex flex-wrap items-center gap-2 whitespace-nowrap">
          <span className={m.overdue ? 'font-semibold text-danger-text' : undefined}>{formatDate(m.date)}</span>
          {m.overdue && <Badge tone="danger">Overdue</Badge>}
        </span>
      ),
    },
    {
      id: 'asset',
      header: 'Asset',
      sortKey: 'asset',
      alwaysVisible: true,
      mobile: 'title',
      cell: (m) => (
        <Link to={ASSET_PATHS.asset(m.asset)} className="block min-w-[180px] hover:underline">
          <span className="block font-medium">{m.asset_name}</span>
          <span className="block text-xs text-muted tabular">{m.asset_code}</span>
        </Link>
      ),
    },
    {
      id: 'place',
      header: 'Where',
      mobile: 'meta',
      cell: (m) => (
        <span>
          {m.centre_name}
          {locationText(m.location) && <span className="block text-xs text-muted">{locationText(m.location)}</span>}
        </span>
      ),
    },
    {
      id: 'kind',
      header: 'Kind',
      cell: (m) => (
        <span>
          {capitalise(m.kind)}
          {m.every_days ? <span className="block text-xs text-muted">every {m.every_days} days</span> : null}
        </span>
      ),
    },
    { id: 'vendor', header: 'Vendor', cell: (m) => m.vendor_name || '—' },
    { id: 'notes', header: 'Notes', cell: (m) => <span className="block max-w-[260px] text-muted">{m.notes || '—'}</span> },
    ...(view === 'done'
      ? [
          {
            id: 'cost',
            header: 'Cost',
            sortKey: 'cost',
            align: 'right',
            mobile: 'amount',
            cell: (m) => formatMoney(m.cost),
          } as Column<Maintenance>,
          {
            id: 'next_due',
            header: 'Next due',
            defaultHidden: true,
            cell: (m) => (m.next_due ? formatDate(m.next_due) : '—'),
          } as Column<Maintenance>,
        ]
      : finish
        ? [
            {
              id: 'actions',
              header: 'Actions',
              align: 'right',
              alwaysVisible: true,
              cell: (m) => (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Mark ${m.kind} of ${m.asset_code} on ${formatDate(m.date)} done`}
                  onClick={() => finish(m)}
                >
                  <CheckCircle2 size={14} aria-hidden /> Mark done
                </Button>
              ),
            } as Column<Maintenance>,
          ]
        : []),
  ];
}

/**
 * Asset Management › Maintenance: the services due (soonest first, the overdue marked), the repairs
 * open and the maintenance done, across every asset; each row opens its asset, and one due is
 * marked done from its row (its cost entered as an expense under Maintenance, as on the asset's page).
 */
export function MaintenancePage({ node }: { node: ResolvedNode }) {
  const view = viewOf(node);
  const v = VIEWS[view];
  const canOperate = useCan(ASSET_MODULE, 'operate');
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const [centre, setCentre] = useState(sidebarCentre);
  const [category, setCategory] = useState('');
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [finishing, setFinishing] = useState<Maintenance | null>(null);
  const categories = useAssetCategoryOptions();
  const filters = {
    centre: centre || undefined,
    category: category || undefined,
    kind: view === 'done' ? kind || undefined : undefined,
    date_after: from || undefined,
    date_before: to || undefined,
  };
  return (
    <div>
      <PageHeader
        title="Maintenance"
        description="Every asset’s services and repairs in one place: what is due, what is broken, and what was done and what it cost."
      />
      <MenuTabs node={node} />
      <DataTable
        key={view}
        title={v.title}
        queryKey={[...assetKeys.maintenanceList, view]}
        fetchPage={fetchMaintenance}
        exportPath={maintenanceExport}
        columns={columnsFor(view, canOperate ? setFinishing : null)}
        rowKey={(m) => m.id}
        searchPlaceholder="Search asset code, name, notes"
        scope={v.scope}
        filters={filters}
        onClearFilters={() => {
          setCentre('');
          setCategory('');
          setKind('');
          setFrom('');
          setTo('');
        }}
        filterControls={
          <>
            <CentreFilter value={centre} onChange={setCentre} />
            <FilterSelect label="Category" value={category} onChange={setCategory} options={optionsOf(categories.data)} />
            {view === 'done' && <FilterSelect label="Kind" value={kind} onChange={setKind} options={KIND_OPTIONS} />}
            <FilterDate label="From" value={from} onChange={setFrom} />
            <FilterDate label="To" value={to} onChange={setTo} />
          </>
        }
        empty={{ icon: Wrench, ...v.empty }}
      />
      {finishing && <DoneDialog entry={finishing} onClose={() => setFinishing(null)} />}
    </div>
  );
}
