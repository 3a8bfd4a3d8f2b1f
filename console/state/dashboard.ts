// Counters of the integrated-monitoring dashboard that exist so far; each is null until known or
// when the platform cannot tell (the card then says so instead of showing a made-up number).
import { proxy } from 'valtio/vanilla';
import { countUsers } from '../../shared/api/user.ts';
import { http } from '../../shared/http/index.ts';

export interface DashboardState {
  loading: boolean;
  users: number | null;
}

export const dashboard = proxy<DashboardState>({ loading: false, users: null });

export async function loadCounters(): Promise<void> {
  dashboard.loading = true;
  try {
    const users = await countUsers(http);
    dashboard.users = Number.isFinite(users) ? users : null;
  } catch {
    dashboard.users = null;
  } finally {
    dashboard.loading = false;
  }
}
