import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors';
import { Alert } from './Alert';
import { Button } from './Button';
import { Skeleton } from './Skeleton';

/**
 * A dashboard tile's body from one query: a skeleton while it loads, the error with Retry when it
 * fails, else `children(data)`. Every module's home tile draws through it.
 */
export function TileQuery<T>({
  query,
  skeleton = 'h-20',
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'error' | 'refetch'>;
  skeleton?: string;
  children: (data: T) => ReactNode;
}) {
  const { data, isPending, error, refetch } = query;
  if (isPending) return <Skeleton className={skeleton} />;
  if (error || data === undefined)
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
        <span>{errorMessage(error)}</span>
        <Button size="sm" variant="secondary" onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  return <>{children(data)}</>;
}

/**
 * A page from one query (a module's dashboard): its `header` over `skeleton` while it loads, over
 * the error with Retry when it fails; else `children(data)`, which draws the header where it wants it.
 */
export function PageQuery<T>({
  query,
  header,
  skeleton,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'error' | 'refetch'>;
  header: ReactNode;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data, isPending, error, refetch } = query;
  if (isPending)
    return (
      <div aria-busy="true">
        {header}
        {skeleton}
      </div>
    );
  if (error || data === undefined)
    return (
      <div>
        {header}
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(error)}
        </Alert>
      </div>
    );
  return <>{children(data)}</>;
}
