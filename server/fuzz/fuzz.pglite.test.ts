import { fuzzSuite } from './fuzz-suite.ts';

// the suite and what it proves: server/fuzz/fuzz-suite.ts
fuzzSuite('pglite');
