// Administration names (SPEC §6): tenant types, the role names the texts use and the page element rights.
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    tenant: {
      type: { enterprise: '企业', personal: '个人' },
    },
    role: {
      name: {
        softwareVendorSuperAdmin: '软件厂商超级管理员',
        tenantSuperAdmin: '租户超级管理员',
        generalAdmin: '普通管理员',
        superAdmin: '超级管理员',
        deviceAdmin: '设备管理员',
        systemAdminEnterprise: '系统管理员（企业）',
        systemAdminPersonal: '系统管理员（个人）',
        alarmSystemAdmin: '告警系统管理员',
        workflowAdmin: '流程管理员',
        accessControlTester: '门禁测试员',
      },
      // Page element rights (SPEC §6) by code: what the role page and the dashboard call them.
      // (by elementNameKey: `progress:view` is element.progress.view; i18next reads ':' as a namespace)
      element: {
        progress: { view: '查看后台任务', del: '删除后台任务' },
        video: { play: '观看实时视频', replay: '观看录像回放', manage: '管理摄像机' },
      },
    },
  },
  en: {
    tenant: {
      type: { enterprise: 'Enterprise', personal: 'Personal' },
    },
    role: {
      name: {
        softwareVendorSuperAdmin: 'Software vendor super admin',
        tenantSuperAdmin: 'Tenant super admin',
        generalAdmin: 'General admin',
        superAdmin: 'Super admin',
        deviceAdmin: 'Device admin',
        systemAdminEnterprise: 'System admin (enterprise)',
        systemAdminPersonal: 'System admin (personal)',
        alarmSystemAdmin: 'Alarm system admin',
        workflowAdmin: 'Workflow admin',
        accessControlTester: 'Access-control tester',
      },
      element: {
        progress: { view: 'See background tasks', del: 'Delete background tasks' },
        video: { play: 'Watch live video', replay: 'Watch recorded video', manage: 'Manage cameras' },
      },
    },
  },
});
