import { createFileRoute } from '@tanstack/react-router';
import { CurbsideSuccessView } from '../views/ordering/PickupViews.tsx';

/** /pickup/curbside/success (open to everyone). */
export const Route = createFileRoute('/pickup/curbside/success')({ component: CurbsideSuccessView });
