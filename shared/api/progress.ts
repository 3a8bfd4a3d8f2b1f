// Background-task progress calls (SPEC §7 "Custom data and progress"). Pure fetchers.
import type { Client } from '../http/client.ts';
import type { ProgressDeleted, ProgressDelete, ProgressDemoStart, ProgressItem, ProgressKey } from './progress-types.ts';

/** Quiet: a background poll must not toast every 5 s when the server is away. */
export const fetchProgress = (client: Pick<Client, 'get'>, signal?: AbortSignal): Promise<ProgressItem[]> =>
  client.get<ProgressItem[]>('/api/admin/progress', { quiet: true, ...(signal ? { signal } : {}) });

export const deleteProgress = (client: Pick<Client, 'delete'>, body: ProgressDelete): Promise<ProgressDeleted> =>
  client.delete<ProgressDeleted>('/api/admin/progress', body);

export const startDemoTask = (client: Pick<Client, 'post'>, body: ProgressDemoStart = {}): Promise<ProgressKey> =>
  client.post<ProgressKey>('/api/admin/progress/demo', body);
