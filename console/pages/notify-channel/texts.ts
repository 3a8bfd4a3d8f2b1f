// Texts of the notification channels page (baseManager notify/channel).
import { addTexts } from '../../texts.ts';

export default addTexts({
  zh: {
    notify: {
      title: '通知渠道',
      field: { name: '名称', kind: '类型', target: '发送到', to: '收件地址', phones: '手机号码', template: '短信模板', url: '回调地址', secret: '签名密钥', levels: '告警级别', enabled: '启用', keyword: '名称' },
      kind: { email: '邮件', sms: '短信', webhook: 'Webhook' },
      hint: {
        list: '多个用逗号分隔',
        template: '最多 30 个字符；{level} 与 {content} 会被替换',
        secret: '16 到 64 个字符；请求头 x-atrium-signature 为 HMAC-SHA256(secret, 时间戳.正文)',
      },
      test: '发送测试',
      tested: '测试通知已送达',
      testFailed: '测试通知未能送达，请查看发送记录',
      deliveries: '发送记录',
      deliveriesTitle: '{{name}} 的发送记录',
      attempt: '第 {{n}} 次',
      ok: '成功',
      failed: '失败',
      none: '暂无记录',
      mailbox: '内置邮件服务器收件箱',
      mailboxHint: '演示平台自带的邮件服务器收到的、本租户发出的邮件',
      refresh: '刷新',
      close: '关闭',
    },
  },
  en: {
    notify: {
      title: 'Notification channels',
      field: { name: 'Name', kind: 'Kind', target: 'Sends to', to: 'Recipients', phones: 'Phone numbers', template: 'SMS template', url: 'Callback URL', secret: 'Signing secret', levels: 'Alarm levels', enabled: 'Enabled', keyword: 'Name' },
      kind: { email: 'Email', sms: 'SMS', webhook: 'Webhook' },
      hint: {
        list: 'Separate several with commas',
        template: 'At most 30 characters; {level} and {content} are filled in',
        secret: '16 to 64 characters; the x-atrium-signature header is HMAC-SHA256(secret, timestamp.body)',
      },
      test: 'Send a test',
      tested: 'The test notification was delivered',
      testFailed: 'The test notification was not delivered; see the delivery log',
      deliveries: 'Deliveries',
      deliveriesTitle: 'Deliveries of {{name}}',
      attempt: 'attempt {{n}}',
      ok: 'delivered',
      failed: 'failed',
      none: 'Nothing sent yet',
      mailbox: 'Mailbox of the embedded mail server',
      mailboxHint: 'Mails the demo platform’s own mail server received from this tenant',
      refresh: 'Refresh',
      close: 'Close',
    },
  },
});
