import { createFileRoute } from '@tanstack/react-router';
import { useAppActors } from '../services/app-actors.tsx';
import { ChosenStore } from '../views/menu/ChosenStore.tsx';

/**
 * /menu: names the chosen store (the long-lived selected-store actor) with a link to change it. The menu
 * tree (/menu/{menu}/{category}, products, cart) grows beside this file in later issues.
 */
export const Route = createFileRoute('/menu/')({
  component: MenuIndex,
});

function MenuIndex() {
  const { selectedStore } = useAppActors();
  return <ChosenStore selectedStore={selectedStore} onConfirm={() => selectedStore.send({ type: 'store.confirm', at: Date.now() })} />;
}
