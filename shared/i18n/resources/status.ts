// Names of states and levels (SPEC §4): accounts, alarms, devices, vouchers, resource points, linkage, tasks.
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    status: {
      account: { normal: '正常', loggedOff: '注销', deactivated: '停用', expired: '过期' },
      alarm: {
        toBeConfirmed: '待确认',
        confirmed: '已确认',
        closed: '已关闭',
        handled: '已处理',
        unhandled: '未处理',
        handling: '处理中',
      },
      alarmLevel: { critical: '紧急', warning: '警告', reminder: '提醒', normal: '正常' },
      device: { online: '在线', offline: '离线', unknown: '未知' },
      // What a device in the unknown state waits for (shared/api/device-types.ts waitsFor).
      deviceWaits: { model: '等待配置型号', gateway: '等待接入网关', report: '等待网关 {{gateway}} 在线后首次上报' },
      voucher: { provisional: '临时', perpetual: '永久' },
      resource: {
        used: '已使用',
        unused: '未使用',
        associated: '已关联',
        unassociated: '未关联',
        distributed: '已分配',
        undistributed: '未分配',
      },
      linkage: {
        enabled: '启用',
        disabled: '禁用',
        levelCommon: '普通（执行一次）',
        levelImportant: '重要（失败重试直到成功）',
      },
      task: { normal: '正常', loading: '进行中', abnormal: '异常' },
    },
  },
  en: {
    status: {
      account: { normal: 'Normal', loggedOff: 'Logged off', deactivated: 'Deactivated', expired: 'Expired' },
      alarm: {
        toBeConfirmed: 'To be confirmed',
        confirmed: 'Confirmed',
        closed: 'Closed',
        handled: 'Handled',
        unhandled: 'Unhandled',
        handling: 'Handling',
      },
      alarmLevel: { critical: 'Critical', warning: 'Warning', reminder: 'Reminder', normal: 'Normal' },
      device: { online: 'Online', offline: 'Offline', unknown: 'Unknown' },
      deviceWaits: { model: 'waiting for a model', gateway: 'waiting for a gateway', report: 'waiting for its first report through gateway {{gateway}} (once it is online)' },
      voucher: { provisional: 'Provisional', perpetual: 'Perpetual' },
      resource: {
        used: 'Used',
        unused: 'Unused',
        associated: 'Associated',
        unassociated: 'Unassociated',
        distributed: 'Distributed',
        undistributed: 'Undistributed',
      },
      linkage: {
        enabled: 'Enabled',
        disabled: 'Disabled',
        levelCommon: 'Common (runs once)',
        levelImportant: 'Important (retries until success)',
      },
      task: { normal: 'Normal', loading: 'Loading', abnormal: 'Abnormal' },
    },
  },
});
