// Every management page's texts in one zh and one en tree, for tests and the key check (the running
// console never imports this: each page brings its own texts with its chunk).
import { mergeResources, type DomainResources } from '../shared/i18n/resources/define.ts';
import { translatorFor } from '../shared/i18n/translate.ts';
import * as domains from '../shared/i18n/resources/index.ts';
import resource from './resource/texts.ts';
import user from './pages/user/texts.ts';
import group from './pages/group/texts.ts';
import gateLog from './pages/gate-log/texts.ts';
import alarms from './pages/alarm-search/texts.ts';
import board from './pages/introduction/texts.ts';
import models from './pages/device-config/texts.ts';
import subsystem from './pages/device-subsystem/texts.ts';
import history from './pages/history-search/texts.ts';
import gateways from './pages/gateway/texts.ts';
import relations from './pages/relation/texts.ts';
import linkage from './pages/link-group/texts.ts';
import jobs from './pages/job/texts.ts';
import monitor from './pages/cluster-monitor/texts.ts';
import documents from './pages/document/texts.ts';
import workflow from './pages/workflow-form/texts.ts';
import attendance from './pages/attendance-rule/texts.ts';
import tenants from './pages/tenant/texts.ts';
import menus from './pages/menu/texts.ts';
import notifyTexts from './pages/notify-channel/texts.ts';
import scada from './pages/scada/texts.ts';
import oauthTexts from './pages/oauth/texts.ts';
import devcard from './pages/device-status/texts.ts';

const pages: readonly DomainResources[] = [resource, user, group, gateLog, alarms, board, models, subsystem, history, gateways, relations, linkage, jobs, monitor, documents, workflow, attendance, tenants, menus, notifyTexts, scada, oauthTexts, devcard];

/** The console's page texts merged with the kit catalogue. */
// Merged from the domain files, not from the catalogue object: i18next extends that one in place when
// a page registers its texts.
export const consoleResources = mergeResources([...(Object.values(domains) as readonly DomainResources[]), ...pages]);

/** translate() over the catalogue and the page texts. */
export const translateConsole = translatorFor(consoleResources);
