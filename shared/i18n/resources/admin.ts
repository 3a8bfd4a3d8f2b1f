// Administration names (SPEC §6): tenant types and the role names the texts use.
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
    },
  },
});
