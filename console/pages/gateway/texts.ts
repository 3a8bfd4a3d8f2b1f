// Texts of gateways (devManager devmng/gw, gwManager: IoT routers).
import { addTexts } from '../../texts.ts';

export default addTexts({
  zh: {
    gateways: {
      title: '网关管理',
      field: { code: '网关编码', name: '名称', ip: 'IP', version: '固件版本', status: '状态', since: '状态时间', area: '区域', devices: '设备数', distributed: '最近下发', keyword: '编码或名称' },
      never: '从未',
      devices: '设备',
      devicesOf: '{{name}} 下的设备',
      distribute: '下发配置',
      distributed: '已向 {{name}} 下发配置（{{count}} 台设备）',
      close: '关闭',
    },
  },
  en: {
    gateways: {
      title: 'Gateways',
      field: { code: 'Gateway code', name: 'Name', ip: 'IP', version: 'Firmware', status: 'Status', since: 'Since', area: 'Area', devices: 'Devices', distributed: 'Last distributed', keyword: 'Code or name' },
      never: 'never',
      devices: 'Devices',
      devicesOf: 'Devices behind {{name}}',
      distribute: 'Distribute configuration',
      distributed: 'Configuration distributed to {{name}} ({{count}} devices)',
      close: 'Close',
    },
  },
});
