// Texts of menu management (baseManager menu).
import { addTexts } from '../../texts.ts';

export default addTexts({
  zh: {
    menus: {
      title: '菜单管理',
      field: { code: '代码', zh: '中文名称', en: '英文名称', icon: '图标', uri: '地址', sort: '排序', hidden: '隐藏', parentCode: '上级菜单', state: '状态' },
      own: '本租户新增（控制台不认识该代码）',
      changed: '已修改',
      platform: '平台默认',
      reset: '恢复默认',
      resetDone: '{{name}} 已恢复默认',
      uriHint: '站内路径（以 / 开头）或 https:// 地址；权限项可留空',
      note: '修改在用户下次加载用户信息（重新登录或刷新）时生效',
    },
  },
  en: {
    menus: {
      title: 'Menus',
      field: { code: 'Code', zh: 'Chinese name', en: 'English name', icon: 'Icon', uri: 'Address', sort: 'Order', hidden: 'Hidden', parentCode: 'Parent menu', state: 'State' },
      own: 'The tenant’s own (a code the console does not know)',
      changed: 'Changed',
      platform: 'Platform default',
      reset: 'Reset',
      resetDone: '{{name}} is back to the platform default',
      uriHint: 'An in-app path (starting with /) or an https:// address; a right-only entry may leave it empty',
      note: 'Users see changes at their next user-info load (sign in again or reload)',
    },
  },
});
