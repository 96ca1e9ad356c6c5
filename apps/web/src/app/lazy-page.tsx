import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense, lazy } from 'react';
import { Center, Loader } from '@mantine/core';

/**
 * A screen in a chunk of its own, fetched on its first visit (so a first visit to /ui/ loads only what it shows):
 * `lazyPage(() => import('../features/apps/AppsPage'), 'AppsPage')`.
 */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): LazyExoticComponent<ComponentType> {
  return lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
}

/** Where a lazy screen renders: a loader while its chunk arrives (later navigations keep the previous screen meanwhile). */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Center py="xl"><Loader aria-label="Loading page" /></Center>}>{children}</Suspense>;
}
