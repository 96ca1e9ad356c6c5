import { Navigate, createBrowserRouter } from 'react-router';
import { ConsoleLayout } from './ConsoleLayout';
import { PageSuspense, lazyPage } from './lazy-page';
import { consoleRoutes } from './routes';

const SignInPage = lazyPage(() => import('../features/sign-in/SignInPage'), 'SignInPage');
const SetupPage = lazyPage(() => import('../features/sign-in/SetupPage'), 'SetupPage');
const InvitationPage = lazyPage(() => import('../features/sign-in/InvitationPage'), 'InvitationPage');

export const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <PageSuspense><SignInPage /></PageSuspense> },
    // Links the api prints (first run) or an admin hands out (invitations): reached before anyone is signed in.
    { path: '/setup', element: <PageSuspense><SetupPage /></PageSuspense> },
    { path: '/invite', element: <PageSuspense><InvitationPage /></PageSuspense> },
    {
      path: '/',
      element: <ConsoleLayout />,
      children: [{ index: true, element: <Navigate to="/apps" replace /> }, ...consoleRoutes, { path: '*', element: <Navigate to="/apps" replace /> }],
    },
  ],
  { basename: '/ui' },
);
