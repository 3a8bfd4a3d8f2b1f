// The background-task (progress) dialog of the header bar (SPEC §2): title, columns, footer and buttons.
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    task: {
      title: '后台任务',
      column: {
        name: '名称',
        startTime: '开始时间',
        endTime: '结束时间',
        progress: '进度',
        status: '状态',
        detail: '详情',
      },
      deleteFinished: '删除已完成的进度',
      cancel: '取消',
      delete: '删除',
      selectToDelete: '请选择要删除的选项',
    },
  },
  en: {
    task: {
      title: 'Background tasks',
      column: {
        name: 'Name',
        startTime: 'Start time',
        endTime: 'End time',
        progress: 'Progress',
        status: 'Status',
        detail: 'Detail',
      },
      deleteFinished: 'delete finished progress',
      cancel: 'Cancel',
      delete: 'Delete',
      selectToDelete: 'please select the options to delete',
    },
  },
});
