// Devices and areas of the demo platform (calls listed in
// shared/api/device-types.ts): tenant-scoped lists with filters, sort and the SPEC §9 total markers,
// a cheap status-change feed, and validated single and batch creation (SPEC §5, all or nothing).
import type { AppConfig } from '../context.ts';
import type { FastifyPluginAsync } from 'fastify';
import { DEVICE_GROUP_TYPE, type DeviceCreate } from '../../../shared/api/device-types.ts';
import { CHANGES_MAX, ops } from '../../../shared/contract/device.ts';
import { route } from '../contract.ts';
import { checkDevice, normaliseDevice, type DeviceIssue } from '../../../shared/devices/device-rules.ts';
import { translate } from '../../../shared/i18n/translate.ts';
import type { Db } from '../db.ts';
import { seedDevices } from './device-seed.ts';
import { DeviceSimulator } from './device-simulator.ts';
import { fail, ok, userOf } from '../http.ts';
import { servicesOf } from '../services.ts';
import { langOf, type Lang } from '../messages.ts';
import { visibleGroups } from '../administration/data-scope.ts';
import { answerQuery, fieldSay, parseListQuery } from './device-query.ts';
import { areaExists, areaTree, deviceAnswer, deviceCodeTaken, gatewayExists, insertDevices, modelExists, queryDevices, statusChanges } from './device-data.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';

export const seed = (db: Db, config: AppConfig): void => seedDevices(db, config.tuning.seedDevices);

// ---- writing ----------------------------------------------------------------------------------

function issueText(lang: Lang, issue: DeviceIssue): string {
  return fieldSay(lang, `device.field.${issue.field}`, issue.key, issue.params);
}

/**
 * Checks a whole batch against the rules and the tenant's data: answers the first problem as a
 * readable message (prefixed with the item number when `numbered`), or null.
 */
export function checkBatch(data: TenantData, lang: Lang, devices: readonly unknown[], numbered: boolean, exceptId = 0): string | null {
  const prefix = (index: number, message: string): string =>
    numbered ? translate(lang, 'device.validate.itemMessage', { index: index + 1, message }) : message;
  const seen = new Set<string>();
  for (const [index, input] of devices.entries()) {
    const issue = checkDevice(input);
    if (issue) return prefix(index, issueText(lang, issue));
    const device = normaliseDevice(input as DeviceCreate);
    if (device.gatewayId !== null && !gatewayExists(data, device.gatewayId)) {
      return prefix(index, issueText(lang, { field: 'gatewayId', key: 'device.validate.gatewayMissing' }));
    }
    if (device.areaId !== null && !areaExists(data, device.areaId)) {
      return prefix(index, issueText(lang, { field: 'areaId', key: 'device.validate.areaMissing' }));
    }
    if (device.modelId !== null && !modelExists(data, device.modelId)) {
      return prefix(index, issueText(lang, { field: 'modelId', key: 'device.validate.modelMissing' }));
    }
    if (seen.has(device.code)) return prefix(index, issueText(lang, { field: 'code', key: 'device.validate.codeRepeated', params: { code: device.code } }));
    seen.add(device.code);
    if (deviceCodeTaken(data, device.code, exceptId)) return prefix(index, issueText(lang, { field: 'code', key: 'device.validate.codeTaken', params: { code: device.code } }));
  }
  return null;
}

// ---- routes -----------------------------------------------------------------------------------

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  const simulator = new DeviceSimulator(platformData(app, "the status simulator flips a share of every tenant's devices"), { sharePerMinute: config.tuning.deviceFlipShare });
  simulator.start();
  servicesOf(app.atrium).deviceSimulator = simulator;
  app.addHook('onClose', async () => simulator.stop());


  // Reading devices needs MonitorOPS (monitoring) or devManager (management); writing needs the
  // regions-and-devices page itself (subsystemManage), not just some page of the device group.
  route(app, ops.areaTree, async (request) => ok(areaTree(tenantData(request))));

  route(app, ops.list, async (request) => {
    const data = tenantData(request);
    return answerQuery(request, (lang) => queryDevices(data, parseListQuery(lang, request.query), visibleGroups(data, userOf(request), DEVICE_GROUP_TYPE)));
  });

  route(app, ops.statusChanges, async (request) => {
    const { since, limit = CHANGES_MAX } = request.query;
    const data = tenantData(request);
    return ok(statusChanges(data, since, limit, visibleGroups(data, userOf(request), DEVICE_GROUP_TYPE)));
  });

  route(app, ops.create, async (request) => {
    const data = tenantData(request);
    const problem = checkBatch(data, langOf(request), [request.body], false);
    if (problem) return fail(problem);
    const [id] = insertDevices(data, [request.body]);
    return ok(deviceAnswer(data, id!));
  });

  route(app, ops.batch, async (request) => {
    const data = tenantData(request);
    const { devices } = request.body;
    const problem = checkBatch(data, langOf(request), devices, true);
    if (problem) return fail(problem);
    const ids = insertDevices(data, devices);
    return ok({ created: ids.length, ids });
  });
};

export default plugin;
