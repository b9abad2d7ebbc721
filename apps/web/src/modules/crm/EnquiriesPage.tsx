import type { EnquiryStatus } from '@arena/contracts/crm';
import { Plus, UserSearch } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { notify } from '../../lib/notify';
import { useStaffChoices } from '../../lib/lookups';
import type { ResolvedNode } from '../../lib/web-module';
import { crmKeys, enquiriesExport, fetchEnquiries, useEnquiryMutations } from './api';
import { EnquiryForm, SOURCE_OPTIONS } from './EnquiryForm';
import { enquiryColumns, enquiryPath } from './parts';

const TAB_STATUS: Record<string, EnquiryStatus | undefined> = {
  'open-enquiries': 'open',
  'closed-enquiries': 'closed',
  'converted-enquiries': 'converted',
};
const FOLLOW_UP_OPTIONS = [
  { value: 'today', label: 'Due today' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due', label: 'Today or overdue' },
];

/** CRM › All Enquiries (tabs All, Open, Closed, Converted; Alt+2): the leads, with Add Enquiry at hand (`?add=1` opens it). */
export function EnquiriesPage({ node }: { node: ResolvedNode }) {
  const tab = node.fullPath.split('/').filter(Boolean).at(-1) ?? '';
  const status = TAB_STATUS[tab];
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(params.get('add') === '1');
  const [source, setSource] = useState('');
  const [assigned, setAssigned] = useState('');
  const [followUp, setFollowUp] = useState(params.get('follow_up') ?? '');
  const staff = useStaffChoices();
  const { create } = useEnquiryMutations();
  const navigate = useNavigate();
  const open = (o: boolean) => {
    setAdding(o);
    if (!o && params.get('add')) setParams((p) => (p.delete('add'), p), { replace: true });
  };
  return (
    <div>
      <PageHeader
        title="Enquiries"
        description="Leads from walk-ins, calls and social media: follow them up until they join or are closed."
        actions={
          <Button onClick={() => open(true)}>
            <Plus size={16} aria-hidden /> Add Enquiry
          </Button>
        }
      />
      <MenuTabs node={node} />
      <DataTable
        title={status ? `${status[0].toUpperCase()}${status.slice(1)} enquiries` : 'Enquiries'}
        queryKey={[...crmKeys.enquiries, 'list']}
        fetchPage={fetchEnquiries}
        exportPath={enquiriesExport}
        scope={{ status }}
        filters={{ source: source || undefined, assigned_to: assigned || undefined, follow_up: followUp || undefined }}
        filterControls={
          <>
            <FilterSelect label="Source" value={source} onChange={setSource} options={SOURCE_OPTIONS} allLabel="All sources" />
            <FilterSelect
              label="Assigned to"
              value={assigned}
              onChange={setAssigned}
              options={(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              allLabel="Anyone"
            />
            {status !== 'closed' && status !== 'converted' && (
              <FilterSelect
                label="Follow-up"
                value={followUp}
                onChange={setFollowUp}
                options={FOLLOW_UP_OPTIONS}
                allLabel="Any follow-up"
              />
            )}
          </>
        }
        onClearFilters={() => {
          setSource('');
          setAssigned('');
          setFollowUp('');
        }}
        columns={enquiryColumns()}
        rowKey={(e) => e.id}
        searchPlaceholder="Search name or phone"
        empty={{
          icon: UserSearch,
          title: status ? `No ${status} enquiries` : 'No enquiries yet',
          description: 'Add the people who call, walk in or message you, and follow them up here.',
          action: (
            <Button onClick={() => open(true)}>
              <Plus size={16} aria-hidden /> Add Enquiry
            </Button>
          ),
        }}
      />
      <EnquiryForm
        enquiry={null}
        open={adding}
        onOpenChange={open}
        onSubmit={async (input) => {
          const made = await create.mutateAsync(input);
          notify.success(`Enquiry from ${made.name} added.`);
          await navigate(enquiryPath(made.id));
        }}
      />
    </div>
  );
}
