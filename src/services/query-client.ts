import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // a 4xx is an answer, not a glitch: never retried (API failures reach queries as ApiRequestError or FlowError)
        retry: (count, error) => {
          const status = (error as { status?: unknown } | null)?.status;
          return !(typeof status === 'number' && status >= 400 && status < 500) && count < 2;
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}
