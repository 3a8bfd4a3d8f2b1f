// Texts every part of the product uses, the widget kit included (its core chunk carries them): buttons,
// outcomes, list totals, widget failures. The console's own (form buttons, the language switch, the
// product name) are in shell.ts, which the kit never loads.
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    common: {
      ok: '确定',
      close: '关闭',
      retry: '重试',
      delete: '删除',
      loading: '加载中…',
      deleteSuccess: '删除成功',
    },
    list: {
      total: '共 {{count}} 条',
      totalOver: '共 {{count}}+ 条',
      totalNone: '不统计总数',
      totalOther: '总数未知',
    },
    widget: {
      failed: '此部分暂时无法显示',
      failedDetail: '出现了意外错误，可重试或刷新页面。',
      signInRequired: '请先登录后查看此部分',
    },
  },
  en: {
    common: {
      ok: 'OK',
      close: 'Close',
      retry: 'Retry',
      delete: 'Delete',
      loading: 'Loading…',
      deleteSuccess: 'Delete success',
    },
    list: {
      total: 'Total {{count}}',
      totalOver: 'Total {{count}}+',
      totalNone: 'Total not counted',
      totalOther: 'Total unknown',
    },
    widget: {
      failed: 'This part could not be shown',
      failedDetail: 'Something unexpected went wrong. Retry, or reload the page.',
      signInRequired: 'Sign in to see this part',
    },
  },
});
