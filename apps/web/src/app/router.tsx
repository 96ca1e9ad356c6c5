import { Navigate, createBrowserRouter } from 'react-router';
import { SignInPage } from '../features/sign-in/SignInPage';
import { ConsoleLayout } from './ConsoleLayout';
import { consoleRoutes } from './routes';

export const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <SignInPage /> },
    {
      path: '/',
      element: <ConsoleLayout />,
      children: [{ index: true, element: <Navigate to="/apps" replace /> }, ...consoleRoutes, { path: '*', element: <Navigate to="/apps" replace /> }],
    },
  ],
  { basename: '/ui' },
);
