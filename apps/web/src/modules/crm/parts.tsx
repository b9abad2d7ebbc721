import { ENQUIRY_SOURCE_LABELS, type EnquiryStatus } from '@arena/contracts/crm';
import { Badge } from '../../components/Badge';
import type { Column } from '../../components/DataTable';
import { PhoneLink } from '../../components/PhoneLink';
import { formatDate } from '../../lib/format';
import { todayIso } from '../../lib/today';
import { Link } from 'react-router';
import type { Complaint, Enquiry } from './api';

export const enquiryPath = (id: number, tab: '' | 'followup-history' | 'convert' = '') =>
  `/crm-management/all-enquiries/${id}${tab ? `/${tab}` : ''}`;

const STATUS_TONE = { open: 'info', closed: 'neutral', converted: 'success' } as const;
const STATUS_LABEL = { open: 'Open', closed: 'Closed', converted: 'Converted' } as const;
export const EnquiryStatusBadge = ({ status }: { status: EnquiryStatus }) => (
  <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>
);

/** The next follow-up, marked when it is today or overdue. */
export function FollowUpDate({ date, open }: { date: string | null; open: boolean }) {
  if (!date) return <span className="text-muted">—</span>;
  const today = todayIso();
  const tone = open && date < today ? 'text-danger-text font-medium' : open && date === today ? 'text-warning-text font-medium' : '';
  return (
    <span className={`whitespace-nowrap tabular ${tone}`}>
      {formatDate(date)}
      {open && date < today ? ' · overdue' : open && date === today ? ' · today' : ''}
    </span>
  );
}

export function enquiryColumns({ withAssigned = true }: { withAssigned?: boolean } = {}): Column<Enquiry>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      mobile: 'title',
      cell: (e) => (
        <Link to={enquiryPath(e.id)} className="font-medium hover:text-accent-text hover:underline">
          {e.name}
        </Link>
      ),
    },
    { id: 'phone', header: 'Phone', mobile: 'subtitle', cell: (e) => <PhoneLink phone={e.phone} /> },
    { id: 'source', header: 'Source', mobile: 'meta', cell: (e) => ENQUIRY_SOURCE_LABELS[e.source] },
    {
      id: 'interest',
      header: 'Interested in',
      mobile: false,
      cell: (e) => [e.interested_in, ...e.plan_names, ...e.sport_names].filter(Boolean).join(', ') || '—',
    },
    ...(withAssigned
      ? [
          {
            id: 'assigned',
            header: 'Assigned to',
            mobile: 'meta',
            cell: (e: Enquiry) => e.assigned_to_name || '—',
          } satisfies Column<Enquiry>,
        ]
      : []),
    {
      id: 'next',
      header: 'Next follow-up',
      sortKey: 'next_follow_up',
      mobile: 'meta',
      cell: (e) => <FollowUpDate date={e.next_follow_up} open={e.status === 'open'} />,
    },
    { id: 'status', header: 'Status', mobile: 'badge', cell: (e) => <EnquiryStatusBadge status={e.status} /> },
    {
      id: 'created',
      header: 'Received',
      sortKey: 'created_at',
      mobile: false,
      defaultHidden: true,
      cell: (e) => formatDate(e.created_at.slice(0, 10)),
    },
  ];
}

const PRIORITY_TONE = { high: 'danger', medium: 'info', low: 'neutral' } as const;
export const PriorityBadge = ({ priority }: { priority: Complaint['priority'] }) => (
  <Badge tone={PRIORITY_TONE[priority]}>{priority[0].toUpperCase() + priority.slice(1)}</Badge>
);
