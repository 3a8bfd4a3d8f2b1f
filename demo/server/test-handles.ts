// What the test-only routes (test-hooks.ts, ATRIUM_FAULTS=1) reach into on a running platform: the
// route modules that own a simulator, a scheduler or a sampler hand it over here when they start it.
// Nothing in production reads these; the routes that use them live apart from the product's routes.
import type { NodeSample } from '../../shared/api/monitor-types.ts';
import type { AppContext } from './context.ts';
import type { DeviceSimulator } from './devices/device-simulator.ts';
import type { PointSimulator } from './devices/points.ts';
import type { Scheduler } from './operations/job.ts';

export interface TestHandles {
  deviceSimulator?: DeviceSimulator;
  pointSimulator?: () => PointSimulator | null;
  scheduler?: () => Scheduler | null;
  sampleMonitor?: () => Promise<NodeSample>;
}

const handles = new WeakMap<AppContext, TestHandles>();

/** The handles of one running platform (route plugins are encapsulated; the context is shared). */
export function handlesOf(ctx: AppContext): TestHandles {
  let h = handles.get(ctx);
  if (!h) handles.set(ctx, (h = {}));
  return h;
}
