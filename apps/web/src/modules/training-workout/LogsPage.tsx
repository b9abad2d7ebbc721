import { AuditLogTable } from '../../components/AuditLogTable';
import { PageHeader } from '../../components/PageHeader';
import { fetchTrainingLogs, trainingKeys, trainingLogsExport } from './api';

/** Training/Workout › Logs: who changed plans, exercises, categories and members' copies, and when. */
export function TrainingLogsPage() {
  return (
    <div>
      <PageHeader
        title="Logs"
        description="Every change to workout plans, exercises, categories, assignments, members' copies and recorded sessions, with who and when."
      />
      <AuditLogTable
        title="Training/Workout logs"
        queryKey={trainingKeys.logs}
        fetchPage={fetchTrainingLogs}
        exportPath={trainingLogsExport}
      />
    </div>
  );
}
