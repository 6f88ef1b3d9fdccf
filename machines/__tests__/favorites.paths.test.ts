import { describeFlow } from './flow.ts';
import { favoritesFlow } from './favorites.expect.ts';

describeFlow(favoritesFlow);
