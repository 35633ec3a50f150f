import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom: the RouterProvider for the DOM (it honours a navigation's `flushSync`; react-router's own does not).
import { RouterProvider } from 'react-router/dom';
import { ApiError } from './api/problem';
import { createAppRouter } from './app/router';
import { installSessionExpiry } from './app/session';
import './styles.css';

const client = new QueryClient({
  defaultOptions: {
    // A 4xx will not change on retry; only transient failures are retried.
    queries: { retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2, refetchOnWindowFocus: false },
  },
});
const router = createAppRouter();
installSessionExpiry(client);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
