import {
  DEPRECIATION_METHOD_LABELS,
  locationText,
  maintenanceInputSchema,
  reportFaultInputSchema,
  type Asset,
  type Maintenance,
} from '@arena/contracts/asset';
import { z } from '@arena/contracts/kit';
import { AlertTriangle, FileText, ImagePlus, Pencil, Plus, QrCode } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { OrgAvatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FormDialog } from '../../components/FormDialog';
import { DateField, MoneyField, NumberField, optionsOf, SelectField, TextareaField } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { StatCard } from '../../components/StatCard';
import { useCrumbName } from '../../lib/crumbs';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { requestSchema } from '../../lib/form';
import { capitalise, formatDate, formatMoney } from '../../lib/format';
import { usePaymentModes } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import {
  ASSET_MODULE,
  ASSET_PATHS,
  downloadInvoice,
  downloadLabel,
  useAsset,
  useAssetMaintenance,
  useAssetMutations,
  useAssetVendorOptions,
  useMaintenanceMutations,
} from './api';
import { AssetFormDialog } from './AssetForm';
import { DoneDialog } from './DoneDialog';
import { AssetStatusBadge } from './parts';

/** Asset Management › My Assets › an asset (the page its QR label opens): details, value, schedule, maintenance, Report a fault. */
export function AssetPage() {
  const id = Number(useParams().assetId);
  const asset = useAsset(Number.isInteger(id) && id > 0 ? id : 0);
  useCrumbName(ASSET_PATHS.asset(id), asset.data ? `${asset.data.code} ${asset.data.name}` : undefined);
  if (asset.isPending)
    return (
      <div aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="mt-4 h-64" />
      </div>
    );
  if (asset.error || !asset.data)
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void asset.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(asset.error)}
      </Alert>
    );
  return <AssetBody asset={asset.data} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

function AssetBody({ asset: a }: { asset: Asset }) {
  const canManage = useCan(ASSET_MODULE, 'manage');
  const canOperate = useCan(ASSET_MODULE, 'operate');
  const [search, setSearch] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [finishing, setFinishing] = useState<Maintenance | null>(null);
  const faultAsked = search.get('fault') === '1';
  const [reporting, setReporting] = useState(faultAsked && a.status !== 'retired' && a.status !== 'disposed');
  const mutations = useAssetMutations();
  const maintenance = useAssetMaintenance(a.id);
  const picture = useRef<HTMLInputElement | null>(null);
  const invoice = useRef<HTMLInputElement | null>(null);
  const closeFault = (open: boolean) => {
    setReporting(open);
    if (!open && faultAsked) {
      search.delete('fault');
      setSearch(search, { replace: true });
    }
  };
  const upload = async (kind: 'picture' | 'invoice', file: File | undefined) => {
    if (!file) return;
    try {
      if (kind === 'picture') await mutations.uploadPicture.mutateAsync({ id: a.id, file });
      else await mutations.uploadInvoice.mutateAsync({ id: a.id, file });
      notify.success(kind === 'picture' ? 'Picture saved.' : 'Invoice saved.');
    } catch (error) {
      const errors = fieldErrors(error);
      notify.error(errors.picture ?? errors.invoice_file ?? errorMessage(error));
    }
  };
  const label = async () => {
    try {
      await downloadLabel(a.id, a.code);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const active = a.status === 'in_use' || a.status === 'under_maintenance';
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start gap-4">
        <OrgAvatar name={a.name} picture={a.picture} size="lg" />
        <div className="min-w-0 flex-1">
          <PageHeader
            title={a.name}
            description={
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-mono">{a.code}</span>
                <span>·</span>
                <span>
                  {a.category_name} · {a.centre_name}
                  {locationText(a.location) ? ` · ${locationText(a.location)}` : ''}
                </span>
                <AssetStatusBadge status={a.status} />
              </span>
            }
            actions={
              <>
                {canOperate && active && (
                  <Button variant="danger" onClick={() => setReporting(true)}>
                    <AlertTriangle size={16} aria-hidden /> Report a fault
                  </Button>
                )}
                <Button variant="secondary" onClick={() => void label()}>
                  <QrCode size={16} aria-hidden /> Label
                </Button>
                {canManage && (
                  <Button variant="secondary" onClick={() => setEditing(true)}>
                    <Pencil size={16} aria-hidden /> Edit Asset
                  </Button>
                )}
              </>
            }
          />
        </div>
      </div>
      {a.status === 'under_maintenance' && (
        <Alert tone="warning">
          Under maintenance: {a.open_repairs === 1 ? 'a repair is' : `${a.open_repairs} repairs are`} open. Mark the repair done below when
          it is fixed.
        </Alert>
      )}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Cost" value={formatMoney(a.cost)} sub={`Bought ${formatDate(a.purchase_date)}`} />
        <StatCard
          label="Book value today"
          value={formatMoney(a.book_value)}
          sub={`${DEPRECIATION_METHOD_LABELS[a.depreciation_method]}, ${a.useful_life_years} years`}
        />
        <StatCard
          label="Warranty"
          value={a.warranty_until ? formatDate(a.warranty_until) : '—'}
          sub={a.amc_until ? `AMC until ${formatDate(a.amc_until)}` : 'No AMC'}
        />
        <StatCard
          label="Next service"
          value={a.next_maintenance ? formatDate(a.next_maintenance) : '—'}
          sub={`Condition: ${capitalise(a.condition)}`}
        />
      </div>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">Maintenance</h2>
            {canOperate && (
              <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
                <Plus size={14} aria-hidden /> Add Maintenance
              </Button>
            )}
          </div>
          {maintenance.isPending ? (
            <Skeleton className="m-4 h-24" />
          ) : !maintenance.data?.results.length ? (
            <p className="px-4 py-6 text-sm text-muted">No maintenance yet. Schedule a preventive service, or record one done.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label={`Maintenance of ${a.name}`}>
                <thead>
                  <tr className="text-left text-xs text-muted">
                    <th className="px-4 py-2 font-medium">Date</th>
                    <th className="px-2 py-2 font-medium">Kind</th>
                    <th className="px-2 py-2 font-medium">Status</th>
                    <th className="px-2 py-2 font-medium">Vendor</th>
                    <th className="px-2 py-2 font-medium">Notes</th>
                    <th className="px-2 py-2 text-right font-medium">Cost</th>
                    <th className="px-4 py-2 text-right font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {maintenance.data.results.map((m) => (
                    <tr key={m.id}>
                      <td className="whitespace-nowrap px-4 py-2">{formatDate(m.date)}</td>
                      <td className="px-2 py-2">
                        {capitalise(m.kind)}
                        {m.every_days ? <span className="block text-xs text-muted">every {m.every_days} days</span> : null}
                      </td>
                      <td className="px-2 py-2">
                        {m.status === 'done' ? (
                          <Badge tone="success">Done</Badge>
                        ) : (
                          <Badge tone={m.kind === 'repair' ? 'danger' : 'info'}>Scheduled</Badge>
                        )}
                      </td>
                      <td className="px-2 py-2">{m.vendor_name || '—'}</td>
                      <td className="max-w-[240px] px-2 py-2 text-muted">{m.notes || '—'}</td>
                      <td className="px-2 py-2 text-right tabular">{m.status === 'done' ? formatMoney(m.cost) : '—'}</td>
                      <td className="px-4 py-2 text-right">
                        {m.status === 'scheduled' && canOperate && (
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Mark ${m.kind} of ${formatDate(m.date)} done`}
                            onClick={() => setFinishing(m)}
                          >
                            Mark done
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Details</h2>
          <dl className="grid grid-cols-2 gap-3">
            <Fact label="Make and model">{[a.make, a.model].filter(Boolean).join(' ') || '—'}</Fact>
            <Fact label="Serial no.">{a.serial_no || '—'}</Fact>
            <Fact label="Vendor">{a.vendor_name || '—'}</Fact>
            <Fact label="Salvage value">{formatMoney(a.salvage_value)}</Fact>
            <Fact label="Purchase">{a.expense ? 'On the books (Equipment)' : 'Entered from the past'}</Fact>
            <Fact label="Invoice">
              {a.invoice_file ? (
                <button
                  type="button"
                  className="text-accent-text hover:underline"
                  onClick={() => void downloadInvoice(a.id, a.invoice_file_name)}
                >
                  {a.invoice_file_name || 'Download'}
                </button>
              ) : (
                '—'
              )}
            </Fact>
          </dl>
          {a.notes && <p className="mt-3 text-sm text-muted">{a.notes}</p>}
          {canManage && (
            <div className="mt-4 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => picture.current?.click()}>
                <ImagePlus size={14} aria-hidden /> Picture
              </Button>
              <Button size="sm" variant="secondary" onClick={() => invoice.current?.click()}>
                <FileText size={14} aria-hidden /> Invoice
              </Button>
              <input
                ref={picture}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                className="hidden"
                aria-label="Upload a picture"
                onChange={(e) => void upload('picture', e.target.files?.[0])}
              />
              <input
                ref={invoice}
                type="file"
                accept="application/pdf,image/png,image/jpeg,image/webp"
                className="hidden"
                aria-label="Upload the purchase invoice"
                onChange={(e) => void upload('invoice', e.target.files?.[0])}
              />
            </div>
          )}
        </Card>
      </div>

      <Card>
        <div className="border-b border-line px-4 py-3">
          <h2 className="text-sm font-semibold">Depreciation schedule</h2>
        </div>
        {a.depreciation_schedule.length === 0 ? (
          <p className="px-4 py-6 text-sm text-muted">Nothing to depreciate: the salvage value is the cost.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label={`Depreciation schedule of ${a.name}`}>
              <thead>
                <tr className="text-left text-xs text-muted">
                  <th className="px-4 py-2 font-medium">Year</th>
                  <th className="px-2 py-2 font-medium">From</th>
                  <th className="px-2 py-2 font-medium">To</th>
                  <th className="px-2 py-2 text-right font-medium">Opening</th>
                  <th className="px-2 py-2 text-right font-medium">Depreciation</th>
                  <th className="px-4 py-2 text-right font-medium">Closing</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {a.depreciation_schedule.map((y) => (
                  <tr key={y.year}>
                    <td className="px-4 py-2">{y.year}</td>
                    <td className="whitespace-nowrap px-2 py-2">{formatDate(y.start)}</td>
                    <td className="whitespace-nowrap px-2 py-2">{formatDate(y.end)}</td>
                    <td className="px-2 py-2 text-right tabular">{formatMoney(y.opening)}</td>
                    <td className="px-2 py-2 text-right tabular">{formatMoney(y.depreciation)}</td>
                    <td className="px-4 py-2 text-right tabular">{formatMoney(y.closing)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <AssetFormDialog open={editing} onOpenChange={setEditing} asset={a} />
      <ReportFaultDialog asset={a} open={reporting} onOpenChange={closeFault} />
      <MaintenanceDialog asset={a} open={adding} onOpenChange={setAdding} />
      {finishing && <DoneDialog entry={finishing} onClose={() => setFinishing(null)} />}
    </div>
  );
}

/** "Report a fault": what is wrong; a repair for today, and the asset under maintenance. */
function ReportFaultDialog({ asset, open, onOpenChange }: { asset: Asset; open: boolean; onOpenChange: (open: boolean) => void }) {
  const m = useMaintenanceMutations(asset.id);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report a fault: ${asset.code} ${asset.name}`}
      description="A repair is opened for today and the asset shows as under maintenance until it is done."
      schema={reportFaultInputSchema}
      defaultValues={{ notes: '' }}
      submitLabel="Report fault"
      onSubmit={async (values) => {
        await m.reportFault.mutateAsync(values.notes);
        notify.success(`Fault reported: ${asset.code} is under maintenance.`);
      }}
    >
      {({ control }) => <TextareaField control={control} name="notes" label="What is wrong?" required rows={3} maxLength={500} />}
    </FormDialog>
  );
}

const maintenanceFormSchema = requestSchema(
  z.object({
    status: z.string(),
    date: z.string(),
    kind: z.string(),
    vendor: z.string(),
    cost: z.string(),
    notes: z.string(),
    every_days: z.number().nullable(),
    payment_mode: z.string(),
  }),
  maintenanceInputSchema,
  (v) => ({
    ...v,
    status: v.status as 'scheduled' | 'done',
    kind: v.kind as 'preventive' | 'repair',
    vendor: v.vendor ? Number(v.vendor) : null,
    cost: v.cost || '0',
    every_days: v.kind === 'preventive' && v.every_days ? v.every_days : null,
    payment_mode: v.payment_mode ? Number(v.payment_mode) : null,
  }),
);

const STATUS_OPTIONS = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'done', label: 'Done' },
];
const KIND_OPTIONS = [
  { value: 'preventive', label: 'Preventive' },
  { value: 'repair', label: 'Repair' },
];

/** Add Maintenance: scheduled (a date ahead), or done with its cost (an expense under Maintenance). */
function MaintenanceDialog({ asset, open, onOpenChange }: { asset: Asset; open: boolean; onOpenChange: (open: boolean) => void }) {
  const m = useMaintenanceMutations(asset.id);
  const vendors = useAssetVendorOptions();
  const modes = usePaymentModes();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={`Add Maintenance: ${asset.code}`}
      description="A preventive service repeated every so many days schedules the next one when it is done. A cost is entered as an expense under Maintenance."
      schema={maintenanceFormSchema}
      defaultValues={{
        status: 'scheduled',
        date: '',
        kind: 'preventive',
        vendor: asset.vendor ? String(asset.vendor) : '',
        cost: '',
        notes: '',
        every_days: null,
        payment_mode: '',
      }}
      submitLabel="Save"
      onSubmit={async (values) => {
        await m.create.mutateAsync(values);
        notify.success('Maintenance saved.');
      }}
    >
      {({ control }) => <MaintenanceFields control={control} vendors={vendors.data} modes={modes.data} />}
    </FormDialog>
  );
}

function MaintenanceFields({
  control,
  vendors,
  modes,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: any;
  vendors?: { id: number; name: string }[];
  modes?: { id: number; name: string }[];
}) {
  const status = useWatch({ control, name: 'status' });
  const kind = useWatch({ control, name: 'kind' });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField control={control} name="status" label="Status" required options={STATUS_OPTIONS} />
      <SelectField control={control} name="kind" label="Kind" required options={KIND_OPTIONS} />
      <DateField control={control} name="date" label={status === 'done' ? 'Done on' : 'Due on'} required />
      <SelectField control={control} name="vendor" label="Vendor" placeholder="No vendor" options={optionsOf(vendors)} />
      {kind === 'preventive' && (
        <NumberField control={control} name="every_days" label="Repeat every" suffix="days" hint="Empty: once only." />
      )}
      {status === 'done' && (
        <>
          <MoneyField control={control} name="cost" label="Cost" />
          <SelectField control={control} name="payment_mode" label="Payment Mode" placeholder="Select mode" options={optionsOf(modes)} />
        </>
      )}
      <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
    </div>
  );
}
