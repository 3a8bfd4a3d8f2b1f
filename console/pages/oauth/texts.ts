// Texts of the third-party sign-in platforms page (baseManager oauth, oauth2Manager).
import { addTexts } from '../../texts.ts';

export default addTexts({
  zh: {
    oauth: {
      title: '第三方登录平台',
      field: {
        name: '名称',
        clientId: '客户端 ID',
        clientSecret: '客户端密钥',
        issuer: '签发方（Issuer）',
        authorizeUrl: '授权地址',
        tokenUrl: '令牌地址',
        userinfoUrl: '用户信息地址',
        scopes: '范围（Scopes）',
        enabled: '启用',
        bindings: '已绑定用户',
        createdAt: '创建时间',
        keyword: '名称',
      },
      hint: {
        secret: '加密保存，不会再显示；修改时留空表示保持不变',
        endpoints: '留空则从签发方的 /.well-known/openid-configuration 自动获取',
        scopes: '以空格分隔，须包含 openid',
      },
      demo: '登记演示身份提供方',
      demoDone: '已登记演示身份提供方 {{name}}',
      demoName: 'Northwind ID（演示）',
    },
  },
  en: {
    oauth: {
      title: 'Third-party sign-in platforms',
      field: {
        name: 'Name',
        clientId: 'Client id',
        clientSecret: 'Client secret',
        issuer: 'Issuer',
        authorizeUrl: 'Authorization endpoint',
        tokenUrl: 'Token endpoint',
        userinfoUrl: 'Userinfo endpoint',
        scopes: 'Scopes',
        enabled: 'Enabled',
        bindings: 'Bound users',
        createdAt: 'Created',
        keyword: 'Name',
      },
      hint: {
        secret: 'Stored encrypted and never shown again; leave empty when editing to keep it',
        endpoints: 'Leave empty to take them from the issuer’s /.well-known/openid-configuration',
        scopes: 'Space-separated, including openid',
      },
      demo: 'Register the demo identity provider',
      demoDone: 'Registered the demo identity provider {{name}}',
      demoName: 'Northwind ID (demo)',
    },
  },
});
