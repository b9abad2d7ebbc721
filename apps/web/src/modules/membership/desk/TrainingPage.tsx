import { Dumbbell } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';

/** Membership › Training: workout plans come with the Training/Workouts module; until then, an honest empty state. */
export function TrainingPage() {
  return (
    <div>
      <PageHeader title="Training" description="Workout plans assigned to members." />
      <Card>
        <EmptyState
          icon={Dumbbell}
          title="Workout plans arrive with the Training/Workouts module"
          action={
            <Link to="/membership/performance" className={buttonClass('secondary', 'sm')}>
              Record performance instead
            </Link>
          }
        >
          <p>
            Building workout plans, assigning them to members and sending them by message is part of Training/Workouts, which is not
            released yet. Nothing is lost meanwhile: members’ measurements (weight, a timed run, a lift) can be recorded under Performance
            today, and their progress is charted on each member’s page.
          </p>
        </EmptyState>
      </Card>
    </div>
  );
}
