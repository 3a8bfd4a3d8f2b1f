// Texts of the operation log page (MonitorOPS ops/gate_log).
import { addTexts } from '../../texts.ts';

export default addTexts({
  zh: {
    opLog: {
      title: '操作日志',
      field: { time: '时间', user: '用户', ip: '客户端地址', method: '方法', path: '接口', target: '对象', code: '返回码', result: '结果', when: '时间范围' },
      result: { ok: '成功', refused: '拒绝', failed: '失败' },
      verify: '校验完整性',
      intact: '共 {{records}} 条记录，哈希链完整，没有记录被删除或修改',
      broken: '哈希链在第 {{at}} 条记录处断开：有记录被删除或修改',
      views: '日志类型',
      clientErrors: '前端错误',
      error: { message: '错误', stack: '调用栈', path: '页面', agent: '浏览器', showStack: '调用栈' },
    },
  },
  en: {
    opLog: {
      title: 'Operation logs',
      field: { time: 'Time', user: 'User', ip: 'Client address', method: 'Method', path: 'Interface', target: 'Target', code: 'Code', result: 'Result', when: 'Period' },
      result: { ok: 'Succeeded', refused: 'Refused', failed: 'Failed' },
      verify: 'Verify integrity',
      intact: '{{records}} records; the hash chain is intact: none was removed or changed',
      broken: 'The hash chain breaks at record {{at}}: a record was removed or changed',
      views: 'Log',
      clientErrors: 'Client errors',
      error: { message: 'Error', stack: 'Stack', path: 'Page', agent: 'Browser', showStack: 'Stack' },
    },
  },
});
