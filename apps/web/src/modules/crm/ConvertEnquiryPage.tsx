import { UserX } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton } from '../../components/Skeleton';
import { useCrumbName } from '../../lib/crumbs';
import { notify } from '../../lib/notify';
import { AddMemberPage } from '../membership/public';
import { useEnquiry, useEnquiryMutations } from './api';
import { enquiryPath } from './parts';

/**
 * Convert an enquiry (`…/:enquiryId/convert`): Add Member with the enquiry's details filled in; the
 * desk completes the plan and payment, and saving creates the member and links the enquiry in one step.
 */
export function ConvertEnquiryPage() {
  const params = useParams();
  const id = Number(params.enquiryId) || null;
  const enquiry = useEnquiry(id);
  const { convert } = useEnquiryMutations();
  const navigate = useNavigate();
  useCrumbName(enquiryPath(id ?? 0), enquiry.data?.name);
  if (enquiry.isPending) return <Skeleton className="h-96 w-full rounded-lg" />;
  const e = enquiry.data;
  if (!e || e.status !== 'open')
    return (
      <Card>
        <EmptyState
          icon={UserX}
          title={e ? `This enquiry is ${e.status}` : 'Enquiry not found'}
          action={
            <Link to={e ? enquiryPath(e.id) : '/crm-management/all-enquiries'} className={buttonClass('secondary')}>
              Back
            </Link>
          }
        >
          Only an open enquiry can be converted to a member.
        </EmptyState>
      </Card>
    );
  const [first, ...rest] = e.name.trim().split(/\s+/);
  return (
    <AddMemberPage
      title={`Convert ${e.name} to a member`}
      description="Their details are filled in from the enquiry: choose the plan and take the payment. Saving adds the member and marks the enquiry converted."
      submitLabel="Convert to Member"
      prefill={{
        first_name: first ?? '',
        last_name: rest.join(' '),
        gender: e.gender ?? '',
        phone: e.phone,
        email: e.email,
        centre: String(e.centre),
        source: 'enquiry',
        notes: e.notes,
      }}
      save={async (input) => {
        const done = await convert.mutateAsync({ id: e.id, input });
        notify.success(`${done.member_name} (${done.member_code}) joined: the enquiry is converted.`);
        await navigate(enquiryPath(e.id));
      }}
    />
  );
}
