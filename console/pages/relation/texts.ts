// Texts of device relations (relationManager relation/device, relation cctv).
import { addTexts } from '../../texts.ts';

export default addTexts({
  zh: {
    relations: {
      title: '设备关联',
      field: { device: '设备', camera: '摄像机', name: '关联名称', keyword: '设备或摄像机' },
      documents: { title: '设备文档', choose: '选择设备查看其关联的文档（在文档列表中为文档关联设备）', none: '该设备没有关联的文档', download: '下载' },
    },
  },
  en: {
    relations: {
      title: 'Device relations',
      field: { device: 'Device', camera: 'Camera', name: 'Relation name', keyword: 'Device or camera' },
      documents: { title: 'Device documents', choose: 'Choose a device to see its documents (documents are related to devices in the document list)', none: 'No document is related to this device', download: 'Download' },
    },
  },
});
