// Texts of the role management page (depMng groupManager).
import { addTexts } from '../../texts.ts';

export default addTexts({
  zh: {
    roles: {
      title: '角色',
      keyword: '编码或名称',
      field: { code: '角色编码', name: '角色名称', description: '描述', parent: '上级角色', users: '用户数' },
      noParent: '（无上级）',
      superAdmin: '超级管理员（拥有全部权限）',
      rights: '权限',
      copy: '复制',
      copied: '已复制为“{{name}}”',
      functionAuthority: '功能权限',
      dataAuthority: '数据权限',
      elements: '页面元素',
      fromParent: '上级拥有',
      rightsHint: '从上级角色移除的权限会同时从所有下级移除；给下级添加的权限也会添加到其所有上级。',
      saved: '权限已保存',
      noDataGroups: '暂无数据分组',
      cameraGroups: '摄像机分组',
      deviceGroups: '设备分组',
    },
  },
  en: {
    roles: {
      title: 'Roles',
      keyword: 'Code or name',
      field: { code: 'Role code', name: 'Role name', description: 'Description', parent: 'Parent role', users: 'Users' },
      noParent: '(no parent)',
      superAdmin: 'Super admin (every right)',
      rights: 'Rights',
      copy: 'Copy',
      copied: 'Copied as "{{name}}"',
      functionAuthority: 'Function authority',
      dataAuthority: 'Data authority',
      elements: 'Page elements',
      fromParent: 'parent has it',
      rightsHint: 'A right removed from a parent role is removed from all roles below it; a right given to a sub-role is given to all roles above it.',
      saved: 'Rights saved',
      noDataGroups: 'No data groups',
      cameraGroups: 'Camera groups',
      deviceGroups: 'Device groups',
    },
  },
});
