// Texts of scada pages as viewers see them (<atrium-scada-page>, /scada_view).
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    scadaView: {
      loading: '正在加载画面…',
      online: '在线',
      offline: '离线',
      unknown: '未知',
      on: '开',
      off: '关',
      confirmWrite: '确定将 {{name}} 的 {{code}} 设为 {{value}}？',
      confirm: '确定',
      cancel: '取消',
      written: '已写入',
      alarms: '未处理告警 {{count}} 条',
      alarms_one: '未处理告警 {{count}} 条',
      noAlarms: '没有未处理告警',
      unbound: '未绑定',
      stale: '数据未更新',
    },
  },
  en: {
    scadaView: {
      loading: 'Loading the page…',
      online: 'Online',
      offline: 'Offline',
      unknown: 'Unknown',
      on: 'On',
      off: 'Off',
      confirmWrite: 'Set {{code}} of {{name}} to {{value}}?',
      confirm: 'Confirm',
      cancel: 'Cancel',
      written: 'Written',
      alarms: '{{count}} open alarms',
      alarms_one: '{{count}} open alarm',
      noAlarms: 'No open alarms',
      unbound: 'Not bound',
      stale: 'No fresh data',
    },
  },
});
