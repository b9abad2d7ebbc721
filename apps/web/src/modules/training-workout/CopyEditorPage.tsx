import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { useCrumbName } from '../../lib/crumbs';
import { useScreenTitle } from '../../lib/document-title';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import type { ResolvedNode } from '../../lib/web-module';
import { memberPath } from '../membership/public';
import { useCan } from '../../lib/useCan';
import { TRAINING_MODULE, TRAINING_PATHS, useCopy, useCopyMutations } from './api';
import { AssignmentDialog, CopyStatus, openPdf } from './AssignedPage';
import { SessionsPanel } from './MemberWorkoutTab';
import { builderStart, PlanBuilder } from './PlanBuilder';

/**
 * A member's own copy of a plan, in the workout builder: changes here are the member's alone (the
 * template and other members' copies stay as they are). Dates, notes and status in their dialog.
 */
export function CopyEditorPage({ node }: { node: ResolvedNode }) {
  const id = Number(useParams().copyId);
  const copy = useCopy(Number.isInteger(id) && id > 0 ? id : null);
  const { patch } = useCopyMutations();
  const [dates, setDates] = useState(false);
  const canOperate = useCan(TRAINING_MODULE, 'operate');
  const title = copy.data ? `${copy.data.member_name}: ${copy.data.name}` : null;
  useCrumbName(TRAINING_PATHS.copy(id), title);
  useScreenTitle(title);
  if (copy.isPending)
    return (
      <div className="space-y-4">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-96" />
      </div>
    );
  if (copy.error || !copy.data)
    return (
      <EmptyState
        title="Plan not found"
        action={
          <Link to={TRAINING_PATHS.assigned} className={buttonClass('secondary')}>
            Assigned plans
          </Link>
        }
      >
        {copy.error ? errorMessage(copy.error) : 'This member plan does not exist.'}
      </EmptyState>
    );
  const c = copy.data;
  return (
    <div className="space-y-4">
      <PageHeader
        title={title ?? ''}
        description={
          <>
            <Link to={memberPath(c.member)} className="text-accent-text hover:underline">
              {c.member_name} ({c.member_code})
            </Link>
            {` · from ${formatDate(c.start_date)}${c.end_date ? ` to ${formatDate(c.end_date)}` : ''} · assigned by ${c.assigned_by || '—'}. `}
            <CopyStatus copy={c} />
            <span className="mt-1 block">
              Changes here are this member&apos;s alone; the template and other members&apos; copies stay as they are.
            </span>
          </>
        }
        actions={
          <>
            {canOperate && (
              <Button variant="secondary" onClick={() => setDates(true)}>
                Dates and Status
              </Button>
            )}
            <Button variant="secondary" onClick={() => openPdf(c.id)}>
              <FileDown size={16} aria-hidden /> PDF
            </Button>
          </>
        }
      />
      <MenuTabs node={node} />
      <PlanBuilder
        key={c.updated_at}
        copy
        start={builderStart(c)}
        submitLabel="Save Member's Plan"
        readOnly={!canOperate}
        onSubmit={async (v) => {
          await patch.mutateAsync({
            id: c.id,
            input: {
              name: v.name,
              level: v.level,
              days_per_week: v.days_per_week,
              weeks: v.weeks,
              description: v.description,
              days: v.days,
            },
          });
          notify.success(`${c.member_name}'s plan saved.`);
        }}
      />
      <section aria-label="Sessions" className="space-y-4 pt-2">
        <h2 className="text-base font-semibold">Sessions</h2>
        <SessionsPanel copy={c} firstName={c.member_name.split(' ')[0] ?? c.member_name} />
      </section>
      {dates && <AssignmentDialog copy={c} onClose={() => setDates(false)} />}
    </div>
  );
}
