// Texts of tenant management (platform operator) and tenant info.
import { addTexts } from '../../texts.ts';

export default addTexts({
  zh: {
    tenants: {
      title: '租户列表',
      field: { name: '租户名称', type: '类型', home: '主页', description: '描述', superAdmin: '超级管理员', users: '用户数', devices: '设备数', adminUsername: '超级管理员账号', adminName: '超级管理员姓名', adminPassword: '超级管理员初始密码', keyword: '租户名称' },
      type: { enterprise: '企业', personal: '个人' },
      homeHint: 'https:// 开头的地址，可不填',
      info: {
        title: '租户信息',
        save: '保存',
        saved: '租户信息已保存',
        mainLogo: '主 Logo（建议 220×50）',
        smallLogo: '小 Logo（建议 25×25，侧栏收起时显示）',
        choose: '上传图片',
        hint: 'JPG、PNG 或 SVG，不超过 2MB；显示时按 {{size}} 缩放',
        uploaded: 'Logo 已更新',
        none: '（使用默认 Logo）',
        sizeNote: '该图片为 {{width}}×{{height}}，建议 {{size}}',
      },
    },
  },
  en: {
    tenants: {
      title: 'Tenants',
      field: { name: 'Tenant name', type: 'Type', home: 'Home page', description: 'Description', superAdmin: 'Super admin', users: 'Users', devices: 'Devices', adminUsername: 'Super admin account', adminName: 'Super admin name', adminPassword: 'Super admin first password', keyword: 'Tenant name' },
      type: { enterprise: 'Enterprise', personal: 'Personal' },
      homeHint: 'An https:// address, optional',
      info: {
        title: 'Tenant info',
        save: 'Save',
        saved: 'Tenant info saved',
        mainLogo: 'Main logo (best 220×50)',
        smallLogo: 'Small logo (best 25×25, shown with the sidebar collapsed)',
        choose: 'Upload an image',
        hint: 'JPG, PNG or SVG, at most 2 MB; shown scaled to {{size}}',
        uploaded: 'Logo updated',
        none: '(the default logo)',
        sizeNote: 'This image is {{width}}×{{height}}; {{size}} is best',
      },
    },
  },
});
