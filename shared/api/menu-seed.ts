// The platform's menu tree (SPEC §2 "Permission-gated routes") as constant data: the demo platform
// seeds rights from it and answers user menus from it; the console can use it to know every code.

export interface MenuSeedItem {
  code: string;
  zh: string;
  en: string;
  icon: string;
  /** Route of the entry; '' for a right that is not a page. */
  uri: string;
  parentCode: string | null;
}

interface Group {
  code: string;
  zh: string;
  en: string;
  icon: string;
  uri: string;
  children: Array<Omit<MenuSeedItem, 'parentCode'>>;
}

const GROUPS: Group[] = [
  {
    code: 'baseManager', zh: '基础管理', en: 'Basic management', icon: 'setting', uri: '/base',
    children: [
      { code: 'tenantMng', zh: '租户管理', en: 'Tenants', icon: 'tenant', uri: '/tenant_mng' },
      { code: 'baseInfo', zh: '租户信息', en: 'Tenant info', icon: 'info', uri: '/base_info' },
      { code: 'menuManager', zh: '菜单管理', en: 'Menus', icon: 'menu', uri: '/menu' },
      { code: 'notifyChannelMng', zh: '通知渠道', en: 'Notify channels', icon: 'message', uri: '/notify/channel' },
      { code: 'oauth2Manager', zh: 'OAuth 客户端', en: 'OAuth clients', icon: 'key', uri: '/oauth' },
    ],
  },
  {
    code: 'depMng', zh: '组织权限', en: 'Organisation', icon: 'peoples', uri: '/dep',
    children: [
      { code: 'userMng', zh: '用户管理', en: 'Users', icon: 'user', uri: '/userMng' },
      { code: 'groupManager', zh: '角色管理', en: 'Roles', icon: 'role', uri: '/group' },
    ],
  },
  {
    code: 'devManager', zh: '设备管理', en: 'Devices', icon: 'device', uri: '/devmng',
    children: [
      { code: 'configManage', zh: '设备模型', en: 'Device models', icon: 'model', uri: '/devmng/config' },
      { code: 'subsystemManage', zh: '区域与设备', en: 'Regions and devices', icon: 'tree', uri: '/devmng/subsystem' },
      { code: 'gwManager', zh: '网关管理', en: 'Gateways', icon: 'gateway', uri: '/devmng/gw' },
      { code: 'videoGroup', zh: '视频接入管理', en: 'Video access', icon: 'video', uri: '/videoGroup?type=wall' },
    ],
  },
  {
    code: 'linkManage', zh: '联动管理', en: 'Linkage', icon: 'link', uri: '/linkmng',
    children: [
      { code: 'quickSceneMng', zh: '快捷场景', en: 'Quick scenes', icon: 'scene', uri: '/linkmng/quick_scene' },
      { code: 'linkStrategyGroup', zh: '联动策略', en: 'Linkage strategies', icon: 'strategy', uri: '/linkmng/link_group' },
      { code: 'holidayMng', zh: '节假日', en: 'Holidays', icon: 'date', uri: '/linkmng/holiday' },
      { code: 'linkFindRecord', zh: '联动记录', en: 'Linkage records', icon: 'log', uri: '/linkmng/link_findrecord' },
    ],
  },
  {
    code: 'alarmManager', zh: '告警管理', en: 'Alarms', icon: 'alarm', uri: '/alarm',
    children: [
      { code: 'alarmEventType', zh: '告警事件类型', en: 'Alarm event types', icon: 'type', uri: '/alarm/event-type' },
      { code: 'alarmConfig', zh: '告警配置', en: 'Alarm configuration', icon: 'config', uri: '/alarm/config' },
      { code: 'alarmSearchPage', zh: '告警查询', en: 'Alarm search', icon: 'search', uri: '/alarm/search' },
    ],
  },
  {
    code: 'mapConfigManage', zh: '组态管理', en: 'SCADA maps', icon: 'map', uri: '/scada',
    children: [
      { code: 'scadaManage', zh: '组态画面', en: 'SCADA pages', icon: 'scada', uri: '/scada/index' },
      { code: 'mapTemplateManage', zh: '组态模板', en: 'SCADA templates', icon: 'template', uri: '/scada/template' },
    ],
  },
  {
    code: 'relationManager', zh: '关联管理', en: 'Relations', icon: 'relation', uri: '/relation',
    children: [{ code: 'relationDevice', zh: '设备关联', en: 'Device relations', icon: 'relation', uri: '/relation/device' }],
  },
  {
    code: 'documentManager', zh: '文档管理', en: 'Documents', icon: 'document', uri: '/document',
    children: [{ code: 'documentIndex', zh: '文档列表', en: 'Document list', icon: 'document', uri: '/document/index' }],
  },
  {
    code: 'jobMng', zh: '任务调度', en: 'Jobs', icon: 'job', uri: '/job',
    children: [{ code: 'jobList', zh: '任务列表', en: 'Job list', icon: 'job', uri: '/jobmng' }],
  },
  {
    code: 'clusterMonitorMng', zh: '集群监控', en: 'Cluster monitoring', icon: 'cluster', uri: '/cluster',
    children: [
      { code: 'mqMonitor', zh: '消息队列监控', en: 'Message queue monitor', icon: 'queue', uri: '/mqmonitor' },
      { code: 'clusterMonitor', zh: '集群状态', en: 'Cluster status', icon: 'cluster', uri: '/clustermonitor' },
    ],
  },
  {
    code: 'MonitorOPS', zh: '运维监控', en: 'Operations monitoring', icon: 'monitor', uri: '/ops',
    children: [
      { code: 'devStatusTabs', zh: '实时监控', en: 'Real-time monitoring', icon: 'card', uri: '/devstatus/tabs' },
      { code: 'historySearch', zh: '历史查询', en: 'History search', icon: 'history', uri: '/devmng/search' },
      { code: 'gateLog', zh: '操作日志', en: 'Operation logs', icon: 'log', uri: '/ops/gate_log' },
    ],
  },
  {
    code: 'activitiManager', zh: '流程管理', en: 'Workflow', icon: 'workflow', uri: '/activiti',
    children: [
      { code: 'activitiForm', zh: '表单管理', en: 'Forms', icon: 'form', uri: '/activiti/menu' },
      { code: 'myTask', zh: '我的待办', en: 'My tasks', icon: 'task', uri: '/activiti/my_task' },
      { code: 'hisTask', zh: '我发起的', en: 'I initiated', icon: 'send', uri: '/activiti/his_task' },
      { code: 'approveTask', zh: '我审批的', en: 'I approved', icon: 'approve', uri: '/activiti/approve_task' },
      { code: 'copyTask', zh: '抄送我的', en: 'CC to me', icon: 'copy', uri: '/activiti/copy_task' },
      { code: 'allTask', zh: '全部任务', en: 'All tasks', icon: 'list', uri: '/activiti/all_task' },
    ],
  },
  {
    code: 'attendanceManage', zh: '考勤管理', en: 'Attendance', icon: 'attendance', uri: '/attendance',
    children: [
      { code: 'attendanceRule', zh: '考勤规则', en: 'Attendance rules', icon: 'rule', uri: '/attendance/rule' },
      { code: 'attendanceSite', zh: '考勤地点', en: 'Attendance sites', icon: 'location', uri: '/attendance/site' },
      { code: 'dayStats', zh: '日统计', en: 'Daily statistics', icon: 'chart', uri: '/attendance/day_stats' },
      { code: 'monthStats', zh: '月统计', en: 'Monthly statistics', icon: 'chart', uri: '/attendance/month_stats' },
      { code: 'perStats', zh: '个人统计', en: 'Personal statistics', icon: 'chart', uri: '/attendance/per_stats' },
    ],
  },
];

/** Rights that gate behaviour rather than a page (SPEC §6): alarm count polling, quick scenes, device cards. */
export const RIGHT_ONLY_MENU_CODES = ['alarmSearch', 'quickScene', 'devCard'] as const;

const RIGHT_ONLY: MenuSeedItem[] = [
  { code: 'alarmSearch', zh: '告警统计', en: 'Alarm count', icon: 'bell', uri: '', parentCode: null },
  { code: 'quickScene', zh: '快捷场景执行', en: 'Run quick scenes', icon: 'scene', uri: '', parentCode: null },
  { code: 'devCard', zh: '设备卡片', en: 'Device cards', icon: 'card', uri: '', parentCode: null },
];

export const MENU_GROUP_CODES: readonly string[] = GROUPS.map((g) => g.code);

/** Every menu entry, groups first in display order, each followed by its children, then the right-only codes. */
export const MENU_SEED: readonly MenuSeedItem[] = [
  ...GROUPS.flatMap((g) => [
    { code: g.code, zh: g.zh, en: g.en, icon: g.icon, uri: g.uri, parentCode: null },
    ...g.children.map((c) => ({ ...c, parentCode: g.code })),
  ]),
  ...RIGHT_ONLY,
];

/** video:manage: add, edit, move and delete cameras and camera groups (a page right alone only shows them). */
export const ELEMENT_CODES = ['progress:view', 'progress:del', 'video:play', 'video:replay', 'video:manage'] as const;

/** The text key of an element right's name (`progress:view` → role.element.progress.view). */
export const elementNameKey = (code: string): string => `role.element.${code.replace(':', '.')}`;
