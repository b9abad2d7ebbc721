import { useNavigate } from 'react-router';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { notify } from '../../lib/notify';
import type { ResolvedNode } from '../../lib/web-module';
import { useSidebar } from '../../state/sidebar';
import { useStaffMutations } from './api';
import { staffPath } from './paths';
import { StaffForm } from './StaffForm';

/** Staff Management › Dashboard › Add Staff: a new staff member; their page opens next, where they can be given a login. */
export function AddStaffPage({ node }: { node: ResolvedNode }) {
  const navigate = useNavigate();
  const centre = useSidebar((s) => s.selectedCentre);
  const { create } = useStaffMutations();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Add Staff"
        description="A trainer, coach, receptionist or manager: where they work and how they are paid. Give them a login on their Permissions tab."
      />
      <MenuTabs node={node} />
      <StaffForm
        staff={null}
        centre={centre}
        submitLabel="Add Staff"
        onCancel={() => void navigate('/staff-management/staffs')}
        onSubmit={async (input) => {
          const created = await create.mutateAsync(input);
          notify.success(`${created.full_name} joined the team as ${created.staff_code}.`);
          await navigate(staffPath(created.id));
        }}
      />
    </div>
  );
}
