import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../services/session.ts';
import { HomeView } from '../views/home/HomeView.tsx';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const { data } = useQuery(sessionQuery);
  return <HomeView firstName={data?.user?.firstName ?? null} />;
}
