import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from './services/query-client.ts';
import { createAppActors, AppActorsProvider } from './services/app-actors.tsx';
import { createAppRouter } from './router.tsx';
import './styles.css';

const queryClient = createQueryClient();
const appActors = createAppActors();
const router = createAppRouter({ queryClient, appActors });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppActorsProvider actors={appActors}>
        <RouterProvider router={router} />
      </AppActorsProvider>
    </QueryClientProvider>
  </StrictMode>,
);
