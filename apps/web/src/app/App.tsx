import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ApiProvider } from '../api/ApiProvider';
import { ApiError } from '../api/api-error';
import { SessionProvider } from '../auth/SessionProvider';
import { router } from './router';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    // A 4xx will not change by asking again; a network blip might.
    queries: { retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2, staleTime: 5_000 },
  },
});

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ApiProvider>
            <RouterProvider router={router} />
          </ApiProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
