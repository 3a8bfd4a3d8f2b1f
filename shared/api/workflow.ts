// Workflow calls (activitiManager: form management and the five task boxes). Pure fetchers.
import type { Page, PageQueryOf } from './resource.ts';
import type { Client, RequestOptions } from '../http/client.ts';
import type { Box, BoxCounts, Directory, FieldValues, RequestDetail, RequestPage, RequestStatus, WorkflowForm, WorkflowFormSave } from './workflow-types.ts';

const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});

export const listForms = (c: Pick<Client, 'post'>, q: PageQueryOf<{ keyword?: string }>, signal?: AbortSignal) => c.post<Page<WorkflowForm>>('/api/workflow/form/page', q, signalOf(signal));
export const startableForms = (c: Pick<Client, 'get'>) => c.get<WorkflowForm[]>('/api/workflow/form/startable');
export const createForm = (c: Pick<Client, 'post'>, body: WorkflowFormSave) => c.post<WorkflowForm>('/api/workflow/form', body);
export const updateForm = (c: Pick<Client, 'put'>, id: number, body: WorkflowFormSave) => c.put<WorkflowForm>(`/api/workflow/form/${id}`, body);
export const deleteForms = (c: Pick<Client, 'post'>, ids: readonly number[]) => c.post<{ deleted: number }>('/api/workflow/form/delete', { ids });
export const workflowDirectory = (c: Pick<Client, 'get'>) => c.get<Directory>('/api/workflow/directory', { quiet: true });

export const listBox = (c: Pick<Client, 'post'>, q: PageQueryOf<{ box: Box; status?: RequestStatus }>, signal?: AbortSignal) => c.post<RequestPage>('/api/workflow/list', q, signalOf(signal));
export const boxCounts = (c: Pick<Client, 'get'>) => c.get<BoxCounts>('/api/workflow/counts', { quiet: true });
export const getRequest = (c: Pick<Client, 'get'>, id: number) => c.get<RequestDetail>(`/api/workflow/request/${id}`);
export const startRequest = (c: Pick<Client, 'post'>, formId: number, values: FieldValues) => c.post<{ id: number }>('/api/workflow/request', { formId, values });
export const approveTask = (c: Pick<Client, 'post'>, taskId: number, comment: string) => c.post<{ id: number }>(`/api/workflow/task/${taskId}/approve`, { comment });
export const rejectTask = (c: Pick<Client, 'post'>, taskId: number, comment: string, end: boolean) => c.post<{ id: number }>(`/api/workflow/task/${taskId}/reject`, { comment, end });
export const transferTask = (c: Pick<Client, 'post'>, taskId: number, userId: number, comment: string) => c.post<{ id: number }>(`/api/workflow/task/${taskId}/transfer`, { userId, comment });
export const withdrawRequest = (c: Pick<Client, 'post'>, id: number) => c.post<{ id: number }>(`/api/workflow/request/${id}/withdraw`, {});
export const resubmitRequest = (c: Pick<Client, 'post'>, id: number, values: FieldValues) => c.post<{ id: number }>(`/api/workflow/request/${id}/resubmit`, { values });
