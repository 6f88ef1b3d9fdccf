/**
 * Compile-time check that every page a machine navigates to (machines/app-paths.ts) is a route of the router:
 * adding a path there that no route file serves, or deleting a route a machine still uses, fails the typecheck.
 */
import type { FileRoutesByTo } from '../routeTree.gen.ts';
import type { PATHS, PATTERNS } from '../../machines/app-paths.ts';

type RouteTo = keyof FileRoutesByTo;
type MachinePath = (typeof PATHS)[keyof typeof PATHS] | (typeof PATTERNS)[keyof typeof PATTERNS];
type Missing = Exclude<MachinePath, RouteTo>;

/** `never` when every machine path is a route; otherwise the error names the missing paths. */
export type MachinePathsWithoutRoute = Missing;
const everyMachinePathIsARoute: [Missing] extends [never] ? true : { missingRoutes: Missing } = true;
void everyMachinePathIsARoute;
