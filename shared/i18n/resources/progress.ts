// The background-task badge and dialog (SPEC §2) beyond the texts in tasks.ts: labels for the badge,
// the row selection, the running state and an empty list.
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    progress: {
      badge: '后台任务 {{count}} 个',
      badge_one: '后台任务 {{count}} 个',
      select: '选择 {{title}}',
      selectColumn: '选择',
      running: '进行中',
      empty: '暂无后台任务',
      percent: '{{percent}}%',
      download: '下载',
      downloadOf: '下载 {{title}} 的文件',
      fileReady: '{{title}} 已完成，文件可以下载',
      dismiss: '关闭',
      dismissOf: '关闭 {{title}} 的提示',
      stop: '停止',
      stopOf: '停止 {{title}}（未执行的步骤不再执行）',
    },
  },
  en: {
    progress: {
      badge: '{{count}} background tasks',
      badge_one: '{{count}} background task',
      select: 'Select {{title}}',
      selectColumn: 'Select',
      running: 'Running',
      empty: 'No background tasks',
      percent: '{{percent}}%',
      download: 'Download',
      downloadOf: 'Download the file of {{title}}',
      fileReady: '{{title}} is done: its file is ready',
      dismiss: 'Dismiss',
      dismissOf: 'Dismiss the notice of {{title}}',
      stop: 'Stop',
      stopOf: 'Stop {{title}} (steps not yet run are skipped)',
    },
  },
});
