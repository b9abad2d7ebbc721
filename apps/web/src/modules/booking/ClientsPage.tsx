import { PhoneLink } from '../../components/PhoneLink';
import { bookingClientEndpoints } from '@arena/contracts/booking/routes';
import { MessageSquare, Plus, Table2, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ResolvedNode } from '../../lib/web-module';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { rowActionsColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { MenuTabs } from '../../components/MenuTabs';
import { Dialog } from '../../components/Dialog';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDeleteResource, useFormDialog } from '../../lib/resourceActions';
import { bookingKeys, fetchClients, useClientMutations, type Client } from './api';
import { BookingList } from './BookingList';
import { ClientForm } from './ClientForm';
import { ClientsBulkEditor } from './ClientsBulkPage';

// The messaging engine's dialog, loaded when first opened.
const SendMessageDialog = lazy(() => import('../messaging/public').then((m) => ({ default: m.SendMessageDialog })));

const money = (v: string, strong = false) => (
  <span className={strong && Number(v) > 0 ? 'font-semibold text-danger-text' : ''}>{formatMoney(v)}</span>
);

/**
 * Booking › Clients: people who book, with their bookings and dues; "Bulk mode" turns the list
 * into the editable table that adds many at once. The old tab paths open this screen:
 * /booking/clients/bulk-table with bulk mode on, /booking/clients/clients-table with it off.
 */
function ClientsScreen({ node, initialBulk }: { node: ResolvedNode; initialBulk: boolean }) {
  const [bulk, setBulk] = useState(initialBulk);
  const { create, update, remove } = useClientMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<Client>();
  const [viewing, setViewing] = useState<Client | null>(null);
  const [messaging, setMessaging] = useState<Client | null>(null);
  // A search link (the top bar's results) opens the list with that search; `?has_due=true` (the
  // home's Dues outstanding) with the clients who owe.
  const [params] = useSearchParams();
  const initialSearch = params.get('search') ?? '';
  const [dues, setDues] = useState(() => params.get('has_due') ?? '');
  const deletion = useDeleteResource<Client>(remove, { keepOpenOnError: true });

  const columns: Column<Client>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (c) => (
        <button
          type="button"
          onClick={() => setViewing(c)}
          className="whitespace-nowrap text-left font-medium text-accent-text hover:underline"
        >
          {c.name}
        </button>
      ),
    },
    {
      id: 'mobile',
      header: 'Mobile',
      sortKey: 'mobile',
      mobile: 'subtitle',
      cell: (c) => (c.mobile ? <PhoneLink phone={c.mobile} /> : '—'),
    },
    { id: 'email', header: 'Email', mobile: false, cell: (c) => c.email || '—' },
    { id: 'bookings', header: 'Bookings', mobile: 'meta', sortKey: 'bookings_count', align: 'right', cell: (c) => c.bookings_count },
    { id: 'total', header: 'Total', mobile: 'amount', sortKey: 'total_amount', align: 'right', cell: (c) => money(c.total_amount) },
    { id: 'paid', header: 'Paid', align: 'right', mobile: false, cell: (c) => money(c.paid_amount) },
    { id: 'due', header: 'Due', mobile: 'amount', sortKey: 'due_amount', align: 'right', cell: (c) => money(c.due_amount, true) },
    { id: 'notes', header: 'Notes', mobile: false, cell: (c) => c.notes || '—', defaultHidden: true },
    {
      id: 'created_at',
      header: 'Since',
      sortKey: 'created_at',
      mobile: false,
      cell: (c) => <span className="whitespace-nowrap">{formatDate(c.created_at)}</span>,
      defaultHidden: true,
    },
  ];
  columns.push(
    rowActionsColumn({
      onEdit: openEdit,
      onDelete: deletion.askDelete,
      leading: (c) => (
        <>
          <Button size="sm" variant="ghost" aria-label={`Bookings of ${c.name}`} onClick={() => setViewing(c)}>
            Bookings
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Message ${c.name}`} onClick={() => setMessaging(c)}>
            <MessageSquare size={15} aria-hidden />
          </Button>
        </>
      ),
    }),
  );

  return (
    <div>
      <PageHeader
        title="Clients"
        description="Everyone who books: created from bookings (matched by phone, then e-mail) or added here."
        actions={
          <>
            <Button variant={bulk ? 'primary' : 'secondary'} aria-pressed={bulk} onClick={() => setBulk((b) => !b)}>
              <Table2 size={16} aria-hidden /> Bulk mode
            </Button>
            {!bulk && (
              <Button onClick={openCreate}>
                <Plus size={16} aria-hidden /> Add Client
              </Button>
            )}
          </>
        }
      />
      <MenuTabs node={node} />
      {bulk ? (
        <ClientsBulkEditor />
      ) : (
        <DataTable
          initialSearch={initialSearch}
          title="Clients"
          queryKey={[...bookingKeys.clients, 'list']}
          fetchPage={fetchClients}
          exportPath={{ endpoint: bookingClientEndpoints.list }}
          columns={columns}
          rowKey={(c) => c.id}
          searchPlaceholder="Search name, mobile or email"
          filters={{ has_due: dues || undefined }}
          filterControls={
            <FilterSelect
              label="Dues"
              value={dues}
              onChange={setDues}
              options={[
                { value: 'true', label: 'With dues' },
                { value: 'false', label: 'No dues' },
              ]}
            />
          }
          onClearFilters={() => setDues('')}
          empty={{
            icon: Users,
            title: 'No clients yet',
            description: 'A client is added with their first booking (matched by phone, then e-mail), or add one here.',
            action: (
              <Button onClick={openCreate}>
                <Plus size={16} aria-hidden /> Add Client
              </Button>
            ),
          }}
        />
      )}
      {messaging && (
        <Suspense fallback={null}>
          <SendMessageDialog
            open
            onOpenChange={(o) => !o && setMessaging(null)}
            module="booking"
            audience="clients"
            recipients={[{ kind: 'client', id: messaging.id, name: messaging.name }]}
          />
        </Suspense>
      )}
      <ClientForm
        client={editing}
        open={formOpen}
        onOpenChange={setFormOpen}
        onSubmit={async (input) => {
          if (editing) await update.mutateAsync({ id: editing.id, input });
          else await create.mutateAsync(input);
          notify.success(editing ? `${input.name} was updated.` : `${input.name} was added.`);
        }}
      />
      <Dialog
        open={!!viewing}
        onOpenChange={(o) => !o && setViewing(null)}
        title={viewing ? `Bookings of ${viewing.name}` : 'Bookings'}
        size="lg"
      >
        {viewing && (
          <div className="space-y-4">
            <dl className="grid grid-cols-3 gap-3 text-sm">
              <div>
                <dt className="text-muted">Total</dt>
                <dd className="font-semibold tabular">{formatMoney(viewing.total_amount)}</dd>
              </div>
              <div>
                <dt className="text-muted">Paid</dt>
                <dd className="font-semibold tabular">{formatMoney(viewing.paid_amount)}</dd>
              </div>
              <div>
                <dt className="text-muted">Due</dt>
                <dd className="font-semibold tabular text-danger-text">{formatMoney(viewing.due_amount)}</dd>
              </div>
            </dl>
            <BookingList client={viewing.id} />
          </div>
        )}
      </Dialog>
      <ConfirmDialog {...deletion.dialogProps} title={`Delete ${deletion.deleting?.name ?? 'client'}?`}>
        A client with bookings cannot be deleted; their history stays with the bookings.
      </ConfirmDialog>
    </div>
  );
}

export const ClientsPage = ({ node }: { node: ResolvedNode }) => <ClientsScreen node={node} initialBulk={false} />;
/** /booking/clients/clients-table (the spec's path): the same screen, bulk mode off. */
export const ClientsTablePage = ClientsPage;
/** /booking/clients/bulk-table (the spec's path): the same screen, bulk mode on. */
export const ClientsBulkPage = ({ node }: { node: ResolvedNode }) => <ClientsScreen node={node} initialBulk />;
