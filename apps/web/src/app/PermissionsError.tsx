import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { errorMessage } from '../lib/errors';
import { fetchPermissions, usePermissions } from '../state/permissions';

/** Permissions could not be loaded: say so and offer a retry. */
export function PermissionsError() {
  const error = usePermissions((s) => s.error);
  const message = typeof error === 'string' ? error : errorMessage(error);
  return (
    <Alert
      tone="error"
      action={
        <Button size="sm" variant="secondary" onClick={() => void fetchPermissions()}>
          Retry
        </Button>
      }
    >
      {message}
      {'\n'}Please try again or contact support.
    </Alert>
  );
}
