// The mutation runner's worker entry (scripts/mutate.ts): TypeScript through tsx, then the worker body.
import { register } from 'tsx/esm/api';
register();
await import('./worker.ts');
