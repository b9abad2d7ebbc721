import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import type { ResolvedNode } from '../../app/menu';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { rowActionsColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDeleteResource, useFormDialog } from '../../lib/resourceActions';
import { bookingKeys, fetchClients, useClientMutations, type Client } from './api';
import { BookingList } from './BookingList';
import { BookingTabs } from './BookingTabs';
import { ClientForm } from './ClientForm';

const money = (v: string, strong = false) => (
  <span className={strong && Number(v) > 0 ? 'font-semibold text-danger-text' : ''}>{formatMoney(v)}</span>
);

/** Booking › Clients ('' and clients-table): people who book, with their bookings and dues. */
function ClientsScreen({ node, compact }: { node: ResolvedNode; compact: boolean }) {
  const { create, update, remove } = useClientMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<Client>();
  const [viewing, setViewing] = useState<Client | null>(null);
  const deletion = useDeleteResource<Client>(remove, { keepOpenOnError: true });

  const columns: Column<Client>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      cell: (c) =>
        compact ? (
          c.name
        ) : (
          <button
            type="button"
            onClick={() => setViewing(c)}
            className="whitespace-nowrap text-left font-medium text-accent-text hover:underline"
          >
            {c.name}
          </button>
        ),
    },
    { id: 'mobile', header: 'Mobile', cell: (c) => <span className="tabular">{c.mobile || '—'}</span> },
    { id: 'email', header: 'Email', cell: (c) => c.email || '—' },
    { id: 'bookings', header: 'Bookings', align: 'right', cell: (c) => c.bookings_count },
    { id: 'total', header: 'Total', align: 'right', cell: (c) => money(c.total_amount) },
    { id: 'paid', header: 'Paid', align: 'right', cell: (c) => money(c.paid_amount) },
    { id: 'due', header: 'Due', align: 'right', cell: (c) => money(c.due_amount, true) },
    { id: 'notes', header: 'Notes', cell: (c) => c.notes || '—', defaultHidden: !compact },
    {
      id: 'created_at',
      header: 'Since',
      sortKey: 'created_at',
      cell: (c) => formatDate(c.created_at),
      defaultHidden: !compact,
    },
  ];
  if (!compact)
    columns.push(
      rowActionsColumn({
        onEdit: openEdit,
        onDelete: deletion.askDelete,
        leading: (c) => (
          <Button size="sm" variant="ghost" aria-label={`Bookings of ${c.name}`} onClick={() => setViewing(c)}>
            Bookings
          </Button>
        ),
      }),
    );

  return (
    <div>
      <PageHeader
        title="Clients"
        description="Everyone who books: created from bookings (matched by phone, then e-mail) or added here."
        actions={
          <Button onClick={openCreate}>
            <Plus size={16} aria-hidden /> Add Client
          </Button>
        }
      />
      <BookingTabs node={node} />
      <DataTable
        title={compact ? 'Clients table' : 'Clients'}
        queryKey={[...bookingKeys.clients, compact ? 'table' : 'list']}
        fetchPage={fetchClients}
        exportPath="/booking/client/"
        columns={columns}
        rowKey={(c) => c.id}
        searchPlaceholder="Search name, mobile or email"
        pageSizes={compact ? [50, 100] : undefined}
        empty={{
          title: 'No clients yet',
          description: 'Clients are added with their first booking, or here.',
          action: (
            <Button onClick={openCreate}>
              <Users size={16} aria-hidden /> Add Client
            </Button>
          ),
        }}
      />
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

export const ClientsPage = ({ node }: { node: ResolvedNode }) => <ClientsScreen node={node} compact={false} />;
export const ClientsTablePage = ({ node }: { node: ResolvedNode }) => <ClientsScreen node={node} compact />;
