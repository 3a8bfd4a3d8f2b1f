// Texts of real-time monitoring (MonitorOPS devstatus/tabs, devCard): the view switch and the device
// drawer. The cards themselves are the device list element's (shared/i18n/resources/device.ts, device.cards).
import { addTexts } from '../../texts.ts';

export default addTexts({
  zh: {
    devcard: {
      view: '显示方式',
      cards: '卡片',
      table: '列表',
      status: '状态',
      detail: {
        readings: '实时数据',
        alarms: '最近告警',
        cameras: '关联摄像机',
        play: '播放',
        stop: '停止播放',
        noCameras: '没有关联的摄像机',
        noAlarms: '没有告警',
        noAlarmRight: '没有查看告警的权限',
        at: '更新于 {{time}}',
        info: '设备信息',
        code: '编码',
        model: '型号',
        area: '区域',
        gateway: '网关',
        since: '状态时间',
      },
    },
  },
  en: {
    devcard: {
      view: 'View',
      cards: 'Cards',
      table: 'Table',
      status: 'Status',
      detail: {
        readings: 'Live readings',
        alarms: 'Recent alarms',
        cameras: 'Related cameras',
        play: 'Play',
        stop: 'Stop',
        noCameras: 'No related cameras',
        noAlarms: 'No alarms',
        noAlarmRight: 'You may not see alarms',
        at: 'updated {{time}}',
        info: 'Device',
        code: 'Code',
        model: 'Model',
        area: 'Area',
        gateway: 'Gateway',
        since: 'Status since',
      },
    },
  },
});
