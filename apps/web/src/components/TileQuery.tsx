import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors';
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
