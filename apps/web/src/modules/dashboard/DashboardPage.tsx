import { LayoutDashboard } from 'lucide-react';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { capitalise } from '../../lib/format';
import { useAuth } from '../../state/auth';

/** The administrator dashboard's content is not part of the spec yet (spec 1); say so plainly. */
export default function DashboardPage() {
  const firstName = useAuth((s) => s.user?.first_name);
  const orgName = useAuth((s) => s.organisation?.display_name);
  return (
    <div>
      <PageHeader
        title="Dashboard"
        description={`Welcome${firstName ? `, ${capitalise(firstName)}` : ''}. This is ${orgName ?? 'your organization'} at a glance.`}
      />
      <Card>
        <EmptyState icon={LayoutDashboard} title="This screen is not available yet">
          Figures and charts arrive with the administrator dashboard release. Meanwhile, use the menu to manage your centres and profile.
        </EmptyState>
      </Card>
    </div>
  );
}
