import { Navigate, createBrowserRouter } from 'react-router';
import { ConsoleLayout } from './ConsoleLayout';
import { PageSuspense, lazyPage } from './lazy-page';
import { consoleRoutes } from './routes';

const SignInPage = lazyPage(() => import('../features/sign-in/SignInPage'), 'SignInPage');

export const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <PageSuspense><SignInPage /></PageSuspense> },
    {
      path: '/',
      element: <ConsoleLayout />,
      children: [{ index: true, element: <Navigate to="/apps" replace /> }, ...consoleRoutes, { path: '*', element: <Navigate to="/apps" replace /> }],
    },
  ],
  { basename: '/ui' },
);
