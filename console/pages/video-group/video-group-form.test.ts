// The camera forms and the camera group form, declared once: what each sends for values a user filled
// in (the bodies the page sent before its forms were declared once), and the SPEC §5 messages.
import { describe, expect, it, vi } from 'vitest';
import type { Camera } from '../../../shared/api/video-types.ts';
import { envOf, formRequests, messageOf } from '../../resource/form-test.ts';
import { cameraBatchForm, cameraForm, cameraGroupForm } from './video-group.tsx';

const changed = vi.fn();
const env = envOf({ groupOptions: [], groupId: 3, changed, setOpen: () => undefined });
const camera = {
  id: 41, name: 'Gate', label: 'CAM-1', data_group_Id: 5, dataGroupName: 'Lobby', groupPath: 'Tower A / Lobby', params: { disableYunControl: true },
  address: 'Gate 1', resolution: '1080p', tags: ['entrance', 'night'], sourceUrl: '', codec: 'h264',
} as Camera;

const { sent, saveWith } = formRequests(() => ({ deleted: 0, created: 1 }));

describe('the camera forms', () => {
  it('adds a camera in the chosen group: trimmed texts, the group as dataGroupId, tags split, pan/tilt as the disable flag', async () => {
    await saveWith(cameraForm, null, env, { name: ' Annex door ', label: 'CAM-900', tags: 'entrance, , night ,', address: ' Annex ' });
    expect(sent).toEqual([
      { method: 'POST', url: '/api/cctv/video/client/setCamera', body: { name: 'Annex door', label: 'CAM-900', dataGroupId: 3, address: 'Annex', resolution: '', tags: ['entrance', 'night'], sourceUrl: '', params: { disableYunControl: false } } },
    ]);
    expect(changed).toHaveBeenCalled();
  });

  it('edits a camera with its id, its own group and its pan/tilt flag as they were', async () => {
    await saveWith(cameraForm, camera, env, { ptz: true });
    await saveWith(cameraForm, camera, env, {});
    expect(sent.map((s) => s.body)).toEqual([
      { id: 41, name: 'Gate', label: 'CAM-1', dataGroupId: 5, address: 'Gate 1', resolution: '1080p', tags: ['entrance', 'night'], sourceUrl: '', params: { disableYunControl: false } },
      { id: 41, name: 'Gate', label: 'CAM-1', dataGroupId: 5, address: 'Gate 1', resolution: '1080p', tags: ['entrance', 'night'], sourceUrl: '', params: { disableYunControl: true } },
    ]);
    expect(sent[0]!.url).toBe('/api/cctv/video/client/updateCamera');
  });

  it('adds a batch with its count as a number; patterns need %d and the count is at most 1000', async () => {
    await saveWith(cameraBatchForm, null, env, { name: 'Seat %d', label: 'SEAT-%d', count: ' 3 ' });
    expect(sent).toEqual([
      { method: 'POST', url: '/api/cctv/video/client/setCamera', body: { name: 'Seat %d', label: 'SEAT-%d', dataGroupId: 3, address: '', resolution: '', tags: [], sourceUrl: '', params: { disableYunControl: false }, count: 3 } },
    ]);
    expect(messageOf(cameraBatchForm, null, env, { count: '1001' }, 'count')).toBe('每批数量须为 1 到 1000');
    expect(messageOf(cameraForm, null, env, { label: 'CAM[1]' }, 'label')).toBe('不能包含 { } [ ] ^ 字符');
  });
});

describe('the camera group form', () => {
  it('adds a group under the chosen one, renames one by its id', async () => {
    await saveWith(cameraGroupForm, null, envOf({ parentId: 5 }), { groupName: ' Annex ' });
    await saveWith(cameraGroupForm, { id: 5, parentId: null, name: 'Lobby', type: 7, sort: 0, children: [] }, envOf({ parentId: 0 }), { groupName: 'Hall' });
    expect(sent).toEqual([
      { method: 'POST', url: '/api/admin/dataGrp/5', body: { name: 'Annex', type: 7 } },
      { method: 'PUT', url: '/api/admin/dataGrp/5', body: { name: 'Hall' } },
    ]);
    expect(messageOf(cameraGroupForm, null, envOf({ parentId: 0 }), { groupName: ' ' }, 'groupName')).toBe('此项为必填项');
  });
});
