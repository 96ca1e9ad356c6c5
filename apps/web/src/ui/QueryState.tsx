import type { ReactNode } from 'react';
import { Alert, Button, Center, EmptyState, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { describeError } from '../api/api-error';

export interface EmptyMessage {
  title: string;
  /** What to do next. */
  description: ReactNode;
  action?: ReactNode;
}

/**
 * The one loading / error / empty pattern of every screen: a loader while the query runs, the api's error in
 * words with a retry, an empty state that says what to do next, else the content.
 */
export function QueryState<T>({ query, label, empty, isEmpty, children }: {
  query: UseQueryResult<T>;
  /** What is loading, for screen readers ("apps", "revisions"). */
  label: string;
  empty?: EmptyMessage;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return <Center py="xl"><Loader aria-label={`Loading ${label}`} /></Center>;
  }
  if (query.isError) return <ErrorMessage error={query.error} title={`Could not load ${label}`} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const emptyNow = isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0;
  if (empty && emptyNow) return <EmptyNotice {...empty} />;
  return <>{children(data)}</>;
}

export function EmptyNotice({ title, description, action }: EmptyMessage) {
  return (
    <EmptyState title={title} description={description} py="xl" withIndicatorBackground>
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}

export function ErrorMessage({ error, title, onRetry }: { error: unknown; title: string; onRetry?: () => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      {describeError(error)}
      {onRetry ? <Button variant="subtle" size="compact-sm" ml="sm" onClick={onRetry}>Retry</Button> : null}
    </Alert>
  );
}
