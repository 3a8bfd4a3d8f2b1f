// Role management (depMng /group) on the resource kit: roles with code, name, description and parent
// (any depth); function authority (menus and page elements) and data authority (data groups) edited
// in checkbox trees that mark what the parent role holds; copy; delete with the typed confirmation.
// SPEC §6 inheritance is the platform's: a right taken from a parent leaves every role below it, a
// right given to a sub-role reaches every role above it — the list reloads to show the result.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupTree } from '../../../shared/api/data-group.ts';
import type { DataGroup } from '../../../shared/api/data-group-types.ts';
import { ELEMENT_CODES, elementNameKey, MENU_GROUP_CODES, MENU_SEED } from '../../../shared/api/menu-seed.ts';
import { copyRole, deleteRole, listRoles, saveRole } from '../../../shared/api/people.ts';
import type { Role, RoleSave } from '../../../shared/api/user-types.ts';
import { DEVICE_GROUP_TYPE } from '../../../shared/api/device-types.ts';
import { CAMERA_GROUP_TYPE } from '../../../shared/api/video-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { hasMenu } from '../../../shared/session/store.ts';
import { button, buttonGhost } from '../../../shared/theme/base.css.ts';
import { roleSchema } from '../../../shared/validate/people.ts';
import { FormFailure } from '../../forms/form-failure.tsx';
import { defineResource, Modal, ResourcePage, Tree, type TreeItem } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import { failureText } from '../../state/sign-in.ts';
import './texts.ts';

const EL = 'el:';
const DG = 'dg:';
const ELEMENTS_BRANCH = '__elements';
const groupCodes = new Set(MENU_GROUP_CODES);

/** Menu pages and right-only codes (the tree's leaves); groups follow from them. */
const leafMenus = (menus: readonly string[]) => menus.filter((m) => !groupCodes.has(m));

/** What the role list reaches on the page: the loaded roles (parents' names, the parent choices), their reload, and the rights dialog. */
interface GroupPageState {
  roles: readonly Role[];
  reloadRoles: () => void;
  setRightsOf: (role: Role) => void;
}

export const roleResource = defineResource<Role, GroupPageState>({
  id: 'role',
  operation: 'role.list',
  titleKey: 'roles.title',
  rowKey: (r) => r.id,
  rowName: (r) => `${r.name} (${r.code})`,
  columns: [
    { id: 'code', headerKey: 'roles.field.code', field: 'code' },
    { id: 'name', headerKey: 'roles.field.name', field: 'name', cell: (r, { t }) => (r.superAdmin ? `${r.name} · ${t('roles.superAdmin')}` : r.name) },
    { id: 'parent', headerKey: 'roles.field.parent', field: 'parentId', cell: (r, { page }) => (r.parentId ? (page.roles.find((p) => p.id === r.parentId)?.name ?? '') : '') },
    { id: 'description', headerKey: 'roles.field.description', field: 'description' },
    { id: 'users', headerKey: 'roles.field.users', field: 'userCount' },
  ],
  // Roles are few: the whole list comes at once and is filtered and paged here (the keyword fills no query field).
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'roles.keyword', query: [] }],
  list: async (q) => {
    const all = await listRoles(http);
    const keyword = String(q.filters.keyword ?? '').trim().toLowerCase();
    const rows = keyword ? all.filter((r) => r.code.toLowerCase().includes(keyword) || r.name.toLowerCase().includes(keyword)) : all;
    return { rows: rows.slice((q.page - 1) * q.limit, q.page * q.limit), total: rows.length };
  },
  form: {
    saves: { create: 'role.save', update: 'role.save' },
    fields: (row, { page }) => [
      { kind: 'text', name: 'code', labelKey: 'roles.field.code', rules: roleSchema.code, initial: row?.code ?? '' },
      { kind: 'text', name: 'name', labelKey: 'roles.field.name', rules: roleSchema.name, initial: row?.name ?? '' },
      { kind: 'textarea', name: 'description', labelKey: 'roles.field.description', rules: roleSchema.description, initial: row?.description ?? '' },
      {
        kind: 'select',
        name: 'parentId',
        labelKey: 'roles.field.parent',
        emptyLabelKey: 'roles.noParent',
        options: page.roles.filter((r) => !r.superAdmin && r.id !== row?.id).map((r) => ({ value: String(r.id), label: r.name })),
        initial: String(row?.parentId ?? ''),
        as: 'id',
      },
    ],
    save: async (body, row, { page }) => {
      await saveRole(http, { ...(row ? { id: row.id } : {}), ...(body as Pick<RoleSave, 'code' | 'name' | 'description' | 'parentId'>) });
      page.reloadRoles();
    },
  },
  canEdit: (r) => !r.superAdmin,
  canRemove: (r) => !r.superAdmin,
  remove: async (rows, { page }) => {
    for (const r of rows) await deleteRole(http, r.id);
    page.reloadRoles();
  },
  rowActions: [
    { key: 'rights', labelKey: 'roles.rights', run: (r, _reload, { page }) => page.setRightsOf(r), show: (r) => !r.superAdmin },
    {
      key: 'copy',
      labelKey: 'roles.copy',
      show: (r) => !r.superAdmin,
      run: async (r, reload, { page }) => {
        try {
          const copy = await copyRole(http, r.id);
          notify({ kind: 'toast', level: 'success', duration: 2000, key: 'roles.copied', params: { name: copy.name } });
          page.reloadRoles();
          reload();
        } catch {
          // The platform's message was shown as a toast.
        }
      },
    },
  ],
});

export default function GroupPage() {
  const { t, i18n } = useTranslation();
  const [roles, setRoles] = useState<Role[]>([]);
  const [dataGroups, setDataGroups] = useState<{ cameras: DataGroup[]; devices: DataGroup[] }>({ cameras: [], devices: [] });
  const [rightsOf, setRightsOf] = useState<Role | null>(null);
  const [version, setVersion] = useState(0);
  const reloadRoles = useCallback(() => listRoles(http).then(setRoles, () => undefined), []);
  useEffect(() => {
    void reloadRoles();
    Promise.all([groupTree(http, 0, { type: CAMERA_GROUP_TYPE, force: true }), groupTree(http, 0, { type: DEVICE_GROUP_TYPE, force: true })]).then(
      ([cameras, devices]) => setDataGroups({ cameras, devices }),
      () => undefined,
    );
  }, [reloadRoles]);
  const lang = i18n.language === 'en' ? 'en' : 'zh';

  const def = roleResource;

  const functionTree = useMemo<TreeItem[]>(() => {
    const parentRights = rightsOf?.parentId ? roles.find((r) => r.id === rightsOf.parentId) : null;
    const note = (code: string) => (parentRights && (parentRights.menus.includes(code) || parentRights.elements.includes(code.slice(EL.length))) ? t('roles.fromParent') : undefined);
    // Only what the signed-in admin holds can be granted (the platform's own pages are not a tenant's).
    const grantable = MENU_SEED.filter((m) => hasMenu(m.code));
    const top = grantable.filter((m) => m.parentCode === null);
    return [
      ...top.map((g) => {
        const children = grantable.filter((m) => m.parentCode === g.code).map((c) => ({ id: c.code, name: c[lang], ...withNote(note(c.code)) }));
        return { id: g.code, name: g[lang], ...(children.length > 0 ? { children } : {}), ...withNote(note(g.code)) };
      }),
      { id: ELEMENTS_BRANCH, name: t('roles.elements'), children: ELEMENT_CODES.map((e) => ({ id: EL + e, name: t(elementNameKey(e)), ...withNote(note(EL + e)) })) },
    ];
  }, [rightsOf, roles, lang, t]);

  return (
    <div data-page="group">
      <ResourcePage def={def} page={{ roles, reloadRoles: () => void reloadRoles(), setRightsOf }} version={version} />
      {rightsOf && (
        <RightsDialog
          role={rightsOf}
          functionTree={functionTree}
          dataTree={[
            { id: KIND + CAMERA_GROUP_TYPE, name: t('roles.cameraGroups'), children: toDataItems(dataGroups.cameras) },
            { id: KIND + DEVICE_GROUP_TYPE, name: t('roles.deviceGroups'), children: toDataItems(dataGroups.devices) },
          ].filter((k) => k.children.length > 0)}
          onClose={(saved) => {
            setRightsOf(null);
            if (saved) {
              void reloadRoles();
              setVersion((v) => v + 1);
            }
          }}
        />
      )}
    </div>
  );
}

const withNote = (note: string | undefined) => (note ? { note } : {});
/** The data tree's two branches, cameras' and devices' groups (never saved themselves). */
const KIND = 'kind:';
const toDataItems = (groups: readonly DataGroup[]): TreeItem[] => groups.map((g) => ({ id: DG + g.id, name: g.name, children: toDataItems(g.children) }));

function RightsDialog({ role, functionTree, dataTree, onClose }: { role: Role; functionTree: TreeItem[]; dataTree: TreeItem[]; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [functions, setFunctions] = useState<string[]>(() => [...leafMenus(role.menus), ...role.elements.map((e) => EL + e)]);
  const [data, setData] = useState<string[]>(() => role.dataGroups.map((g) => DG + g));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await saveRole(http, {
        id: role.id,
        code: role.code,
        name: role.name,
        description: role.description,
        parentId: role.parentId,
        menus: functions.filter((c) => !c.startsWith(EL) && c !== ELEMENTS_BRANCH),
        elements: functions.filter((c) => c.startsWith(EL)).map((c) => c.slice(EL.length)),
        dataGroups: data.filter((c) => c.startsWith(DG)).map((c) => Number(c.slice(DG.length))),
      });
      notify({ kind: 'toast', level: 'success', duration: 2000, key: 'roles.saved' });
      onClose(true);
    } catch (error) {
      setFailure(failureText(error, t('http.requestError')));
      setBusy(false);
    }
  };
  return (
    <Modal title={`${t('roles.rights')} · ${role.name}`} onClose={() => onClose(false)} wide testId="role-rights">
      <p className={kit.muted}>{t('roles.rightsHint')}</p>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
        <Tree label={t('roles.functionAuthority')} items={functionTree} checked={functions} onChecked={setFunctions} testId="function-authority" />
        {dataTree.length > 0 ? <Tree label={t('roles.dataAuthority')} items={dataTree} checked={data} onChecked={setData} testId="data-authority" /> : <p className={kit.muted}>{t('roles.noDataGroups')}</p>}
      </div>
      <FormFailure message={failure} />
      <div className={kit.actions}>
        <button type="button" className={buttonGhost} onClick={() => onClose(false)}>
          {t('resource.cancel')}
        </button>
        <button type="button" className={button} disabled={busy} onClick={() => void save()} data-action="save-rights">
          {t('resource.save')}
        </button>
      </div>
    </Modal>
  );
}
