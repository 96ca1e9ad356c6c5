import type { RouteObject } from 'react-router';
import { AppsPage } from '../features/apps/AppsPage';

/** A screen under the signed-in layout; `nav` puts it in the side navigation. */
export type ConsoleRoute = RouteObject & { nav?: string };

// One entry per screen, each from its own folder under features/.
export const consoleRoutes: ConsoleRoute[] = [
  { path: 'apps', element: <AppsPage />, nav: 'Apps' },
];
