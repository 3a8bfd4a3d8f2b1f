// The alarm bell of the header bar (SPEC §2): its label, count and the new-alarm notification.
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    alarm: {
      bell: {
        title: '告警',
        label: '未处理告警 {{count}} 条',
        label_one: '未处理告警 {{count}} 条',
        labelNone: '告警',
        open: '查看告警',
        newAlarm: '新告警',
        newAlarmBody: '{{device}}：{{content}}',
      },
    },
  },
  en: {
    alarm: {
      bell: {
        title: 'Alarms',
        label: '{{count}} unhandled alarms',
        label_one: '{{count}} unhandled alarm',
        labelNone: 'Alarms',
        open: 'Open alarms',
        newAlarm: 'New alarm',
        newAlarmBody: '{{device}}: {{content}}',
      },
    },
  },
});
