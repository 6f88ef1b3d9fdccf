import { createFileRoute } from '@tanstack/react-router';
import { PickupOptionsView } from '../views/ordering/PickupViews.tsx';

/** /pickup: pickup options (open to everyone, no sign-in). */
export const Route = createFileRoute('/pickup/')({ component: PickupOptionsView });
