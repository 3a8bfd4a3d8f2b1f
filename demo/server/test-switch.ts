// The test switch (ATRIUM_FAULTS=1, never in plain `npm start`) as an extension of createApp: the
// fault rules and request recorder (faults.ts) and the test-only routes (test-hooks.ts). Only test
// code passes it — testing.ts for a platform started with `faults`, and main.ts, which loads this
// file only when ATRIUM_FAULTS=1 — so nothing the product imports reaches test code.
import type { AppExtension } from './app.ts';
import { installFaults } from './faults.ts';
import { installTestHooks } from './test-hooks.ts';

export const TEST_SWITCH: AppExtension = { beforeSignatures: installFaults, afterRoutes: installTestHooks };
