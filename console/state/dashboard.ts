// Counters of the integrated-monitoring dashboard that exist so far; each is null until known or
// when the platform cannot tell (the card then says so instead of showing a made-up number).
import { proxy } from 'valtio/vanilla';
import { countUsers } from '../../shared/api/user.ts';
import { listCameras } from '../../shared/api/video.ts';
import { http } from '../../shared/http/index.ts';

export interface DashboardState {
  loading: boolean;
  users: number | null;
  cameras: number | null;
}

export const dashboard = proxy<DashboardState>({ loading: false, users: null, cameras: null });

const known = (n: number): number | null => (Number.isFinite(n) ? n : null);

/** Loads the counters the user may see; each asks for one row and reads only the total. */
export async function loadCounters(rights: { users: boolean; cameras: boolean }): Promise<void> {
  dashboard.loading = true;
  const [users, cameras] = await Promise.allSettled([
    rights.users ? countUsers(http) : Promise.reject(new Error('no right')),
    rights.cameras ? listCameras(http, { page: 1, limit: 1 }, { quiet: true }).then((list) => list.total) : Promise.reject(new Error('no right')),
  ]);
  dashboard.users = users.status === 'fulfilled' ? known(users.value) : null;
  dashboard.cameras = cameras.status === 'fulfilled' ? known(cameras.value) : null;
  dashboard.loading = false;
}
