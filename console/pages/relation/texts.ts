// Texts of device relations (relationManager relation/device, relation cctv).
import { addTexts } from '../../texts.ts';

export default addTexts({
  zh: {
    relations: {
      title: '设备关联',
      field: { device: '设备', camera: '摄像机', name: '关联名称', keyword: '设备或摄像机' },
    },
  },
  en: {
    relations: {
      title: 'Device relations',
      field: { device: 'Device', camera: 'Camera', name: 'Relation name', keyword: 'Device or camera' },
    },
  },
});
