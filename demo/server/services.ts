// The engines one running platform has started — the device and point simulators, the job scheduler,
// the cluster monitor's sampler — found by the platform's context, for code outside the route module
// that started one and must drive it now instead of on its timer (the test switch's routes,
// test-hooks.ts). Each is typed by what may be asked of it, so this file imports no domain module.
import type { NodeSample } from '../../shared/api/monitor-types.ts';
import type { AppContext } from './context.ts';

export interface RunningServices {
  deviceSimulator?: { readonly sharePerMinute: number; setRate(sharePerMinute: number): void };
  pointSimulator?: () => { tick(now?: number): number } | null;
  scheduler?: () => { tick(now?: number): Promise<void>; idle(): Promise<void> } | null;
  sampleMonitor?: () => Promise<NodeSample>;
}

const services = new WeakMap<AppContext, RunningServices>();

/** The services of one running platform (route plugins are encapsulated; the context is shared). */
export function servicesOf(ctx: AppContext): RunningServices {
  let found = services.get(ctx);
  if (!found) services.set(ctx, (found = {}));
  return found;
}
