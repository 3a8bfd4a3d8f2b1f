// Scheduled-job calls (jobMng jobmng, /job_detail). Pure fetchers.
import type { PageQueryOf } from './resource.ts';
import type { Client, RequestOptions } from '../http/client.ts';
import type { Job, JobPage, JobRunLog, JobRunPage, JobSave } from './job-types.ts';

const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});

export const listJobs = (c: Pick<Client, 'post'>, q: PageQueryOf<{ keyword?: string }>, signal?: AbortSignal) => c.post<JobPage>('/api/job/page', q, signalOf(signal));
export const createJob = (c: Pick<Client, 'post'>, body: JobSave) => c.post<Job>('/api/job', body);
export const updateJob = (c: Pick<Client, 'put'>, id: number, body: JobSave) => c.put<Job>(`/api/job/${id}`, body);
export const setJobEnabled = (c: Pick<Client, 'post'>, id: number, enabled: boolean) => c.post<Job>(`/api/job/${id}/enabled`, { enabled });
export const runJob = (c: Pick<Client, 'post'>, id: number) => c.post<{ runId: number }>(`/api/job/${id}/run`, {});
export const deleteJobs = (c: Pick<Client, 'post'>, ids: number[]) => c.post<{ deleted: number }>('/api/job/delete', { ids });
export const getJob = (c: Pick<Client, 'get'>, id: number, options: RequestOptions = {}) => c.get<Job>(`/api/job/${id}`, options);
export const listJobRuns = (c: Pick<Client, 'get'>, id: number, page = 1, options: RequestOptions = {}) => c.get<JobRunPage>(`/api/job/${id}/runs`, { ...options, params: { page: String(page), limit: '20' } });
export const jobRunLog = (c: Pick<Client, 'get'>, runId: number, after: number, options: RequestOptions = {}) => c.get<JobRunLog>(`/api/job/run/${runId}/log`, { ...options, params: { after: String(after) } });
