// The console's whole route table (SPEC §2) as plain data: every route's path, name, authority
// code(s) and the page module that renders it. Building real router objects from it happens in
// build-routes.tsx; who may open what is decided in access.ts. Pure data: unit tests import it in node.
//
// A page module lives at console/pages/<page>/index.tsx and exports its component as default.
// Until a later issue adds that file, the route shows the 404 page (see pages.ts).

/** One or more authority codes; holding any one of them opens the route. null: any signed-in user. */
export type Authority = string | readonly string[] | null;

export interface RouteDef {
  /** Path under the layout, without the leading slash, as SPEC §2 writes it. */
  path: string;
  /** Route name (SPEC names where given); the title is the i18n key `shell.route.<name>`. */
  name: string;
  code: Authority;
  /** Menu group code the route sits under (side menu fallback, breadcrumb). */
  group?: string;
  /** Page module folder under console/pages/. */
  page: string;
  /** Query the menu link adds (video access opens the wall view). */
  query?: string;
  /** Sub-title keys (breadcrumb) by the value of the `type` query parameter. */
  subTitles?: Readonly<Record<string, string>>;
  /** Not listed in the side menu (reachable by link or address only). */
  hidden?: boolean;
  hideBreadcrumb?: boolean;
  /** Full-screen style: no padding, no tabs band (the integrated-monitoring dashboard). */
  fullScreen?: boolean;
}

/** The menu groups of SPEC §2 "Permission-gated routes", in display order; the group code is the authority code. */
export interface GroupDef {
  code: string;
  icon: string;
}

export const GROUPS: readonly GroupDef[] = [
  { code: 'baseManager', icon: 'setting' },
  { code: 'depMng', icon: 'peoples' },
  { code: 'devManager', icon: 'device' },
  { code: 'linkManage', icon: 'link' },
  { code: 'alarmManager', icon: 'alarm' },
  { code: 'mapConfigManage', icon: 'map' },
  { code: 'relationManager', icon: 'relation' },
  { code: 'documentManager', icon: 'document' },
  { code: 'jobMng', icon: 'job' },
  { code: 'clusterMonitorMng', icon: 'cluster' },
  { code: 'MonitorOPS', icon: 'monitor' },
  { code: 'activitiManager', icon: 'workflow' },
  { code: 'attendanceManage', icon: 'attendance' },
];

const gated = (group: string, list: Array<Omit<RouteDef, 'code' | 'group'> & { code?: Authority }>): RouteDef[] =>
  list.map((r) => ({ ...r, code: r.code ?? group, group }));

/** Routes rendered inside the shell (header, side menu, tabs, breadcrumb, footer). */
export const LAYOUT_ROUTES: readonly RouteDef[] = [
  { path: 'introduction', name: 'largeScreenMonitor', code: null, page: 'introduction', hideBreadcrumb: true, fullScreen: true },
  { path: 'info', name: 'personInfo', code: null, page: 'info', hidden: true },
  { path: 'theme', name: 'themeSetting', code: null, page: 'theme', hidden: true },
  ...gated('baseManager', [
    { path: 'tenant_mng', name: 'tenantMng', page: 'tenant' },
    { path: 'base_info', name: 'baseInfo', page: 'tenant' },
    { path: 'menu', name: 'menuManager', page: 'menu' },
    { path: 'notify/channel', name: 'notifyChannelMng', page: 'notify-channel' },
    { path: 'oauth', name: 'oauth2Manager', page: 'oauth' },
  ]),
  ...gated('depMng', [
    { path: 'userMng', name: 'userMng', page: 'user' },
    { path: 'group', name: 'groupManager', page: 'group' },
  ]),
  ...gated('devManager', [
    { path: 'devmng/config', name: 'configManage', page: 'device-config' },
    { path: 'devmng/subsystem', name: 'subsystemManage', page: 'device-subsystem' },
    { path: 'devmng/gw', name: 'gwManager', page: 'gateway' },
    // Operators may hold video access without the device group (SPEC §6 menu rights).
    { path: 'videoGroup', name: 'videoGroup', page: 'video-group', query: 'type=wall', subTitles: { wall: 'shell.sub.wall' }, code: ['devManager', 'videoGroup'] },
  ]),
  ...gated('linkManage', [
    { path: 'linkmng/quick_scene', name: 'quickScene', page: 'quick-scene' },
    { path: 'linkmng/link_group', name: 'linkStrategyGroup', page: 'link-group' },
    { path: 'linkmng/holiday', name: 'holidayMng', page: 'holiday' },
    { path: 'linkmng/link_findrecord', name: 'linkFindRecord', page: 'link-record' },
  ]),
  ...gated('alarmManager', [
    { path: 'alarm/event-type', name: 'alarmEventType', page: 'alarm-event-type' },
    { path: 'alarm/config', name: 'alarmConfig', page: 'alarm-config' },
    { path: 'alarm/search', name: 'alarmSearch', page: 'alarm-search' },
  ]),
  ...gated('mapConfigManage', [
    { path: 'scada/index', name: 'scadaManage', page: 'scada' },
    { path: 'scada/template', name: 'mapTemplateManage', page: 'scada-template' },
  ]),
  ...gated('relationManager', [{ path: 'relation/device', name: 'relationDevice', page: 'relation' }]),
  ...gated('documentManager', [{ path: 'document/index', name: 'documentIndex', page: 'document' }]),
  ...gated('jobMng', [{ path: 'jobmng', name: 'jobList', page: 'job' }]),
  ...gated('clusterMonitorMng', [
    { path: 'mqmonitor', name: 'mqMonitor', page: 'mq-monitor' },
    { path: 'clustermonitor', name: 'clusterMonitor', page: 'cluster-monitor' },
  ]),
  ...gated('MonitorOPS', [
    { path: 'devstatus/tabs', name: 'devCard', page: 'device-status' },
    { path: 'devmng/search', name: 'historySearch', page: 'history-search' },
    { path: 'ops/gate_log', name: 'gateLog', page: 'gate-log' },
  ]),
  ...gated('activitiManager', [
    { path: 'activiti/menu', name: 'activitiForm', page: 'workflow-form' },
    { path: 'activiti/my_task', name: 'myTask', page: 'workflow-task' },
    { path: 'activiti/his_task', name: 'hisTask', page: 'workflow-task' },
    { path: 'activiti/approve_task', name: 'approveTask', page: 'workflow-task' },
    { path: 'activiti/copy_task', name: 'copyTask', page: 'workflow-task' },
    { path: 'activiti/all_task', name: 'allTask', page: 'workflow-task' },
  ]),
  ...gated('attendanceManage', [
    { path: 'attendance/rule', name: 'attendanceRule', page: 'attendance-rule' },
    { path: 'attendance/site', name: 'attendanceSite', page: 'attendance-site' },
    { path: 'attendance/day_stats', name: 'dayStats', page: 'attendance-stats' },
    { path: 'attendance/month_stats', name: 'monthStats', page: 'attendance-stats' },
    { path: 'attendance/per_stats', name: 'perStats', page: 'attendance-stats' },
  ]),
];

/**
 * SPEC §2 "Stand-alone paths": whole-window pages (for embedding in portals and scada screens),
 * reachable but never in the side menu. They need a token and their right, but no shell.
 */
export const STANDALONE_ROUTES: readonly RouteDef[] = [
  { path: 'video', name: 'video', code: 'videoGroup', page: 'video', hidden: true },
  { path: 'video_wall', name: 'videoWall', code: 'videoGroup', page: 'video-wall', hidden: true },
  { path: 'linkmng_holiday', name: 'holidayMng', code: 'linkManage', page: 'holiday', hidden: true },
  { path: 'linkmng_quick_scene', name: 'quickScene', code: 'linkManage', page: 'quick-scene', hidden: true },
  { path: 'linkmng_link_group', name: 'linkStrategyGroup', code: 'linkManage', page: 'link-group', hidden: true },
  { path: 'devstatus_tabs', name: 'devCard', code: ['MonitorOPS', 'devCard'], page: 'device-status', hidden: true },
  { path: 'alarm_search', name: 'alarmSearch', code: ['alarmManager', 'alarmSearch'], page: 'alarm-search', hidden: true },
  { path: 'devmng_search', name: 'historySearch', code: 'MonitorOPS', page: 'history-search', hidden: true },
  { path: 'ops_gate_log', name: 'gateLog', code: 'MonitorOPS', page: 'gate-log', hidden: true },
  { path: 'link_findrecord', name: 'linkFindRecord', code: 'linkManage', page: 'link-record', hidden: true },
  { path: 'alarm_config', name: 'alarmConfig', code: 'alarmManager', page: 'alarm-config', hidden: true },
];

/** SPEC §2 "Public routes" that need a token but no right and no shell. */
export const PLAIN_ROUTES: readonly RouteDef[] = [
  { path: 'appEditor', name: 'appEditor', code: null, page: 'app-editor', hidden: true },
  { path: 'job_detail', name: 'jobDetail', code: null, page: 'job-detail', hidden: true },
  /** A published scada page full screen, live (any user of the tenant; cameras still need video rights). */
  { path: 'scada_view', name: 'scadaView', code: null, page: 'scada-view', hidden: true },
];

/** Paths that open without a token (SPEC §2 access rule); the oauth landing is part of sign-in. */
export const OPEN_PATHS: readonly string[] = ['/login', '/login/oauth', '/ldap'];

/** Where '' leads (SPEC §2 "Default layout routes"). */
export const HOME_PATH = '/introduction';

export const titleKey = (name: string): string => `shell.route.${name}`;
export const groupTitleKey = (code: string): string => `shell.group.${code}`;
