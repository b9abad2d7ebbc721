import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Card } from '../../components/Card';
import { PhotoField } from '../../components/PhotoField';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import type { ResolvedNode } from '../../lib/web-module';
import { useSidebar } from '../../state/sidebar';
import { useStaffMutations, useStaffPhoto } from './api';
import { staffPath } from './paths';
import { StaffForm } from './StaffForm';

/** Staff Management › Dashboard › Add Staff: a new staff member; their page opens next, where they can be given a login. */
export function AddStaffPage({ node }: { node: ResolvedNode }) {
  const navigate = useNavigate();
  const centre = useSidebar((s) => s.selectedCentre);
  const { create } = useStaffMutations();
  const { upload } = useStaffPhoto();
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Add Staff"
        description="A trainer, coach, receptionist or manager: where they work and how they are paid. Give them a login on their Permissions tab."
      />
      <MenuTabs node={node} />
      <Card className="mb-5 p-5 sm:p-6">
        <PhotoField name="" value={photo} onChange={setPhoto} error={problem} onError={setProblem} />
      </Card>
      <StaffForm
        staff={null}
        centre={centre}
        submitLabel="Add Staff"
        onCancel={() => void navigate('/staff-management/staffs')}
        onSubmit={async (input) => {
          const created = await create.mutateAsync(input);
          notify.success(`${created.full_name} joined the team as ${created.staff_code}.`);
          // The photo goes once they exist; a refusal leaves them added, to retry on their Profile tab.
          if (photo)
            await upload
              .mutateAsync({ id: created.id, photo })
              .catch((e: unknown) => notify.error(`The photo was not saved: ${errorMessage(e)} Add it on their Profile tab.`));
          await navigate(staffPath(created.id));
        }}
      />
    </div>
  );
}
