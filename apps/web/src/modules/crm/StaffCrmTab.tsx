import { MessageSquareWarning, UserSearch } from 'lucide-react';
import { DataTable } from '../../components/DataTable';
import { formatDateTime } from '../../lib/format';
import { crmKeys, fetchComplaints, fetchEnquiries } from './api';
import { enquiryColumns, PriorityBadge } from './parts';

/** A staff member's CRM tab (Staff Management's staff page): the enquiries and complaints assigned to them. */
export function StaffCrmTab({ staff, firstName }: { staff: number; firstName: string }) {
  return (
    <div className="space-y-5">
      <DataTable
        title={`Enquiries assigned to ${firstName}`}
        queryKey={[...crmKeys.enquiries, 'staff', staff]}
        fetchPage={fetchEnquiries}
        scope={{ assigned_to: String(staff) }}
        columns={enquiryColumns({ withAssigned: false })}
        rowKey={(e) => e.id}
        searchPlaceholder="Search name or phone"
        empty={{ icon: UserSearch, title: 'No enquiries assigned', description: `Enquiries assigned to ${firstName} are listed here.` }}
      />
      <DataTable
        title={`Complaints assigned to ${firstName}`}
        queryKey={[...crmKeys.complaints, 'staff', staff]}
        fetchPage={fetchComplaints}
        scope={{ assigned_to: String(staff) }}
        columns={[
          { id: 'subject', header: 'Subject', mobile: 'title', cell: (c) => <span className="font-medium">{c.subject}</span> },
          { id: 'from', header: 'From', mobile: 'subtitle', cell: (c) => c.name },
          { id: 'priority', header: 'Priority', mobile: 'badge', cell: (c) => <PriorityBadge priority={c.priority} /> },
          { id: 'status', header: 'Status', mobile: 'meta', cell: (c) => (c.status === 'open' ? 'Open' : 'Closed') },
          { id: 'received', header: 'Received', mobile: 'meta', cell: (c) => formatDateTime(c.created_at) },
        ]}
        rowKey={(c) => c.id}
        searchPlaceholder="Search subject"
        empty={{
          icon: MessageSquareWarning,
          title: 'No complaints assigned',
          description: `Complaints assigned to ${firstName} are listed here.`,
        }}
      />
    </div>
  );
}
