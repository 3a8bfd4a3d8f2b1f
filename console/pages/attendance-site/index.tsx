// Attendance sites (attendanceManage) on the resource kit: an attendance group — its rule, its members
// (each person belongs to at most one site) and where they clock: at chosen access-control devices, or
// within a radius of a location.
import { useEffect, useState } from 'react';
import { attendanceChoices, createSite, deleteSites, listRules, listSites, updateSite } from '../../../shared/api/attendance.ts';
import type { AttendanceSite } from '../../../shared/api/attendance-types.ts';
import { http } from '../../../shared/http/index.ts';
import { attendanceSiteSchema as S } from '../../../shared/validate/attendance.ts';
import { defineResource, ResourcePage, type FormValues, type Option, text, ids } from '../../resource/index.ts';
import '../attendance-rule/texts.ts';

const orNull = (v: string): number | null => (v === '' ? null : Number(v));

const located = (v: FormValues) => text(v.kind) === 'location';

/** What the site form reaches on the page: the people and devices it may choose. */
interface AttendanceSitePage {
  users: readonly Option[];
  devices: readonly Option[];
}

export const attendanceSiteResource = defineResource<AttendanceSite, AttendanceSitePage>({
  id: 'attendance-site',
  operation: 'attendance.sitePage',
  titleKey: 'attendance.sites',
  rowKey: (s) => s.id,
  rowName: (s) => s.name,
  columns: [
    { id: 'name', headerKey: 'attendance.field.name', field: 'name' },
    { id: 'rule', headerKey: 'attendance.field.rule', field: 'ruleName' },
    {
      id: 'kind',
      headerKey: 'attendance.field.kind',
      field: ['kind', 'deviceCodes', 'latitude', 'longitude', 'radiusMeters'],
      cell: (s, { t }) => (s.kind === 'devices' ? `${t('attendance.kind.devices')}: ${s.deviceCodes.join(', ')}` : `${t('attendance.kind.location')}: ${s.latitude}, ${s.longitude} · ${s.radiusMeters} m`),
    },
    { id: 'members', headerKey: 'attendance.field.members', field: ['memberIds', 'memberNames'], cell: (s) => `${s.memberIds.length} · ${s.memberNames.slice(0, 5).join(', ')}${s.memberNames.length > 5 ? '…' : ''}` },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'attendance.field.keyword' }],
  list: (q, signal) => listSites(http, { page: q.page, limit: q.limit, ...(typeof q.filters.keyword === 'string' && q.filters.keyword.trim() ? { keyword: q.filters.keyword.trim() } : {}) }, signal),
  form: {
    saves: { create: 'attendance.siteCreate', update: 'attendance.siteUpdate' },
    wide: true,
    fields: (_row, { page }) => [
      { kind: 'text', name: 'name', labelKey: 'attendance.field.name', rules: S.name, initial: (s) => s?.name ?? '' },
      {
        kind: 'select',
        name: 'ruleId',
        labelKey: 'attendance.field.rule',
        options: () => listRules(http, { page: 1, limit: 1000 }).then((p) => p.rows.map((r) => ({ value: String(r.id), label: `${r.name} (${r.workStart}–${r.workEnd})` }))),
        rules: S.ruleId,
        initial: (s) => (s ? String(s.ruleId) : ''),
      },
      { kind: 'select', name: 'kind', labelKey: 'attendance.field.kind', options: (['devices', 'location'] as const).map((k) => ({ value: k, labelKey: `attendance.kind.${k}` })), rules: S.kind, initial: (s) => s?.kind ?? 'devices' },
      { kind: 'select', name: 'deviceIds', labelKey: 'attendance.field.devices', multiple: true, options: page.devices, visible: (v) => !located(v), initial: (s) => s?.deviceIds.map(String) ?? [] },
      { kind: 'text', name: 'latitude', labelKey: 'attendance.field.latitude', visible: located, rules: S.latitude, initial: (s) => (s?.latitude === null || s?.latitude === undefined ? '' : String(s.latitude)) },
      { kind: 'text', name: 'longitude', labelKey: 'attendance.field.longitude', visible: located, rules: S.longitude, initial: (s) => (s?.longitude === null || s?.longitude === undefined ? '' : String(s.longitude)) },
      { kind: 'text', name: 'radiusMeters', labelKey: 'attendance.field.radius', visible: located, rules: S.radiusMeters, initial: (s) => (s?.radiusMeters ? String(s.radiusMeters) : '200') },
      { kind: 'select', name: 'memberIds', labelKey: 'attendance.field.members', multiple: true, options: page.users, initial: (s) => s?.memberIds.map(String) ?? [] },
    ],
    // A site is either devices or a location: the other kind's fields are sent empty.
    save: async (v, s) => {
      const kind = text(v.kind) === 'location' ? 'location' : 'devices';
      const body = {
        name: text(v.name),
        ruleId: Number(text(v.ruleId)),
        kind,
        deviceIds: kind === 'devices' ? ids(v.deviceIds) : [],
        latitude: kind === 'location' ? orNull(text(v.latitude)) : null,
        longitude: kind === 'location' ? orNull(text(v.longitude)) : null,
        radiusMeters: kind === 'location' ? orNull(text(v.radiusMeters)) : null,
        memberIds: ids(v.memberIds),
      } as const;
      await (s ? updateSite(http, s.id, body) : createSite(http, body));
    },
  },
  remove: (rows) => deleteSites(http, rows.map((s) => s.id)),
});

export default function AttendanceSitePage() {
  const [users, setUsers] = useState<Option[]>([]);
  const [devices, setDevices] = useState<Option[]>([]);
  useEffect(() => {
    attendanceChoices(http).then((c) => {
      setUsers(c.users.map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` })));
      setDevices(c.devices.map((d) => ({ value: String(d.id), label: `${d.code} ${d.name}` })));
    }, () => undefined);
  }, []);

  const def = attendanceSiteResource;
  return (
    <div data-page="attendance-site">
      <ResourcePage def={def} page={{ users, devices }} />
    </div>
  );
}
