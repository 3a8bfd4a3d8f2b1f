// User management (depMng /userMng) on the resource kit: the department tree beside the list (add,
// edit, delete an empty department), users filtered by account/name and status within the chosen
// department and those below it, create and edit with the shared user schemas (account uniqueness
// checked while typing), roles, password reset, delete with the typed confirmation, xlsx import with
// a template and export — both as background tasks. The tenant's super admin is never offered for
// deletion or roles.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  accountExists,
  createDepartment,
  createUser,
  deleteDepartment,
  deleteUsers,
  departmentTree,
  exportUsers,
  importUsers,
  listRoles,
  listUsers,
  setUserRoles,
  updateDepartment,
  updateUser,
  USER_IMPORT_TEMPLATE,
} from '../../../shared/api/people.ts';
import { GENDERS, USER_STATUSES, type Department, type DepartmentSave, type UserCreate, type UserRoles, type UserRow, type UserStatus, type UserUpdate } from '../../../shared/api/user-types.ts';
import { downloadFile } from '../../../shared/http/download.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { session } from '../../../shared/session/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { KEYS } from '../../../shared/validate/index.ts';
import { departmentSchema, userCreateSchema, userUpdateSchema } from '../../../shared/validate/people.ts';
import { ConfirmDelete, defineForm, defineResource, FormDialog, ResourcePage, Tree, treeOptions, type Option, type TreeItem } from '../../resource/index.ts';
import './texts.ts';

const ALL = 'all';
const toItems = (nodes: readonly Department[]): TreeItem[] => nodes.map((d) => ({ id: String(d.id), name: d.name, children: toItems(d.children) }));
const done = (key: string) => notify({ kind: 'toast', level: 'success', duration: 2000, key });

function findDepartment(nodes: readonly Department[], id: number): Department | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = findDepartment(n.children, id);
    if (below) return below;
  }
  return null;
}

type Open = { kind: 'department'; department: Department | null; parentId: number | null } | { kind: 'deleteDepartment'; department: Department } | { kind: 'roles'; user: UserRow } | { kind: 'password'; user: UserRow } | null;

/** What the user list reaches on the page: the department and role choices, the chosen department, the signed-in user, the tree's reload and the page's dialogs. */
interface UserPageState {
  departmentOptions: readonly Option[];
  roleOptions: readonly Option[];
  departmentId: number | null;
  me: { id: number; tenantId: number } | null;
  loadTree: () => void;
  setOpen: (open: Open) => void;
}

/** What the department form reaches on the page: the department choices, the possible heads and the parent it opens with. */
interface DepartmentFormPage {
  departmentOptions: readonly Option[];
  headOptions: () => Promise<readonly Option[]>;
  parentId: number | null;
}

const statusOptions = USER_STATUSES.map((s) => ({ value: s, labelKey: `people.status.${s}` }));
const genderOptions = GENDERS.map((g) => ({ value: g, labelKey: `people.gender.${g}` }));

const userForm = defineForm<UserRow, UserPageState>({
  saves: { create: 'user.create', update: 'user.update' },
  // Creating: the shared create schema (account, password twice, roles); editing: the account is fixed and not sent.
  fields: (row, { page }) => [
    { kind: 'text', name: 'username', labelKey: 'people.field.username', fixedOnEdit: true, autoComplete: 'off', ...(row ? { as: false } : { rules: userCreateSchema.username }), initial: (r) => r?.username ?? '' },
    { kind: 'text', name: 'name', labelKey: 'people.field.name', rules: row ? userUpdateSchema.name : userCreateSchema.name, initial: (r) => r?.name ?? '' },
    ...(row
      ? []
      : ([
          { kind: 'password', name: 'password', labelKey: 'people.field.password', rules: userCreateSchema.password },
          { kind: 'password', name: 'confirmPassword', labelKey: 'people.field.confirmPassword', rules: userCreateSchema.confirmPassword },
        ] as const)),
    { kind: 'tel', name: 'phone', labelKey: 'people.field.phone', rules: row ? userUpdateSchema.phone : userCreateSchema.phone, initial: (r) => r?.phone ?? '' },
    { kind: 'email', name: 'email', labelKey: 'people.field.email', rules: row ? userUpdateSchema.email : userCreateSchema.email, initial: (r) => r?.email ?? '' },
    { kind: 'select', name: 'departmentId', labelKey: 'people.field.department', options: page.departmentOptions, emptyLabelKey: 'people.noDepartment', as: 'id', initial: (r, e) => String(r?.departmentId ?? e.page.departmentId ?? '') },
    ...(row ? [] : [{ kind: 'select', name: 'roleIds', labelKey: 'people.field.roles', options: page.roleOptions, multiple: true, as: 'ids' } as const]),
    { kind: 'select', name: 'gender', labelKey: 'people.field.gender', options: genderOptions, initial: (r) => r?.gender ?? 'unknown' },
    // The tenant's super admin keeps its status: not offered, not sent.
    ...(row?.superAdmin ? [] : [{ kind: 'select', name: 'status', labelKey: 'people.field.status', options: statusOptions, initial: (r: UserRow | null) => r?.status ?? 'normal' } as const]),
  ],
  save: async (body, row, { page }) => {
    if (row) await updateUser(http, row.id, body as UserUpdate);
    else await createUser(http, body as UserCreate);
    page.loadTree();
  },
  remote: { username: async (value, editing) => (!editing && (await accountExists(http, value)) ? { key: KEYS.nameExists } : null) },
  wide: true,
});

/** Adding or editing a department: its parent opens as the one chosen in the tree (or the edited one's). */
export const departmentForm = defineForm<Department, DepartmentFormPage>({
  saves: { create: 'user.createDepartment', update: 'user.updateDepartment' },
  fields: (_row, { page }) => [
    { kind: 'text', name: 'name', labelKey: 'people.departmentName', rules: departmentSchema.name, initial: (d) => d?.name ?? '' },
    { kind: 'select', name: 'parentId', labelKey: 'people.parentDepartment', options: page.departmentOptions, emptyLabelKey: 'people.noParent', as: 'id', initial: (_d, e) => String(e.page.parentId ?? '') },
    // The head approves workflow steps that go to "the initiator's department head".
    { kind: 'select', name: 'headUserId', labelKey: 'people.departmentHead', options: page.headOptions, emptyLabelKey: 'people.noHead', as: 'id', initial: (d) => (d?.headUserId ? String(d.headUserId) : '') },
  ],
  save: async (body, d) => {
    if (d) await updateDepartment(http, { ...(body as DepartmentSave), id: d.id });
    else await createDepartment(http, body as DepartmentSave);
    done('resource.saved');
  },
});

/** A user's roles (never the super admin's: the row action is not offered for it). */
export const rolesForm = defineForm<UserRow, { roleOptions: readonly Option[] }>({
  saves: { update: 'user.roles' },
  fields: (_row, { page }) => [{ kind: 'select', name: 'roleIds', labelKey: 'people.field.roles', options: page.roleOptions, multiple: true, as: 'ids', initial: (u) => (u?.roleIds ?? []).map(String) }],
  save: async (body, u) => {
    await setUserRoles(http, u!.id, body as UserRoles);
    done('people.rolesSaved');
  },
});

/** A new password for a user: the update carries the user's name and phone as they are. */
export const passwordForm = defineForm<UserRow>({
  fields: () => [
    { kind: 'password', name: 'password', labelKey: 'people.field.password', rules: userCreateSchema.password },
    { kind: 'password', name: 'confirmPassword', labelKey: 'people.field.confirmPassword', rules: userCreateSchema.confirmPassword },
  ],
  save: async (body, u) => {
    await updateUser(http, u!.id, { name: u!.name, phone: u!.phone, ...(body as { password: string; confirmPassword: string }) });
    done('people.passwordReset');
  },
});

export const userResource = defineResource<UserRow, UserPageState>({
  id: 'user',
  operation: 'user.page',
  scope: ['departmentId'],
  titleKey: 'people.users',
  rowKey: (u) => u.id,
  rowName: (u) => `${u.name} (${u.username})`,
  columns: [
    { id: 'username', headerKey: 'people.field.username', field: 'username' },
    { id: 'name', headerKey: 'people.field.name', field: 'name', cell: (u, { t }) => (u.superAdmin ? `${u.name} · ${t('people.superAdmin')}` : u.name) },
    { id: 'phone', headerKey: 'people.field.phone', field: 'phone' },
    { id: 'email', headerKey: 'people.field.email', field: 'email' },
    { id: 'department', headerKey: 'people.field.department', field: 'departmentName' },
    { id: 'roles', headerKey: 'people.field.roles', field: 'roleNames', cell: (u) => u.roleNames.join('、') },
    { id: 'status', headerKey: 'people.field.status', field: 'status', cell: (u, { t }) => t(`people.status.${u.status}`) },
  ],
  filters: [
    { kind: 'text', name: 'keyword', labelKey: 'people.keyword' },
    { kind: 'select', name: 'status', labelKey: 'people.field.status', options: statusOptions },
  ],
  list: (q, signal) => {
    const f = q.filters as Record<string, string | undefined>;
    return listUsers(
      http,
      {
        page: q.page,
        limit: q.limit,
        ...(f.keyword?.trim() ? { keyword: f.keyword.trim() } : {}),
        ...(f.status ? { status: f.status as UserStatus } : {}),
        ...(f.departmentId ? { departmentId: Number(f.departmentId) } : {}),
      },
      signal,
    );
  },
  form: userForm,
  remove: async (rows, { page }) => {
    await deleteUsers(http, page.me?.tenantId ?? 0, rows.map((r) => r.id));
    page.loadTree();
  },
  canRemove: (u, { page }) => !u.superAdmin && u.id !== page.me?.id,
  rowActions: [
    { key: 'roles', labelKey: 'people.assignRoles', run: (u, _reload, { page }) => page.setOpen({ kind: 'roles', user: u }), show: (u) => !u.superAdmin },
    { key: 'password', labelKey: 'people.resetPassword', run: (u, _reload, { page }) => page.setOpen({ kind: 'password', user: u }) },
  ],
  importer: {
    upload: (file, skipBad) => importUsers(http, file, file.name, skipBad),
    template: () => downloadFile(USER_IMPORT_TEMPLATE, 'users-template.xlsx'),
  },
  exporter: (filters) => {
    const f = filters as Record<string, string | undefined>;
    return exportUsers(http, { ...(f.keyword?.trim() ? { keyword: f.keyword.trim() } : {}), ...(f.departmentId ? { departmentId: Number(f.departmentId) } : {}) });
  },
});

export default function UserPage() {
  const { t } = useTranslation();
  const { user: me } = useSnapshot(session);
  const [tree, setTree] = useState<Department[]>([]);
  const [roleOptions, setRoleOptions] = useState<Option[]>([]);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);
  const loadTree = useCallback(() => departmentTree(http).then(setTree, () => undefined), []);
  useEffect(() => {
    void loadTree();
    listRoles(http).then(
      (roles) => setRoleOptions(roles.filter((r) => !r.superAdmin).map((r) => ({ value: String(r.id), label: r.name }))),
      () => undefined,
    );
  }, [loadTree]);
  const departmentOptions = useMemo(() => treeOptions(tree, (d) => String(d.id), (d) => d.name), [tree]);
  const current = departmentId !== null ? findDepartment(tree, departmentId) : null;
  const headOptions = useCallback(() => listUsers(http, { page: 1, limit: 1000 }).then((p) => p.rows.map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }))), []);
  const changed = () => setVersion((v) => v + 1);

  const def = userResource;

  const side = (
    <>
      <Tree
        label={t('people.departments')}
        items={[{ id: ALL, name: t('people.allDepartments') }, ...toItems(tree)]}
        selected={departmentId === null ? ALL : String(departmentId)}
        onSelect={(id) => setDepartmentId(id === ALL ? null : Number(id))}
        testId="departments"
      />
      <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'department', department: null, parentId: departmentId })} data-action="add-department">
        {t(departmentId === null ? 'people.addDepartment' : 'people.addSubDepartment')}
      </button>
      {current && (
        <>
          <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'department', department: current, parentId: current.parentId })} data-action="edit-department">
            {t('people.renameDepartment')}
          </button>
          <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'deleteDepartment', department: current })} data-action="delete-department">
            {t('people.deleteDepartment')}
          </button>
        </>
      )}
    </>
  );

  return (
    <div data-page="user">
      <ResourcePage
        def={def}
        page={{ departmentOptions, roleOptions, departmentId, me: me ? { id: me.id, tenantId: me.tenantId } : null, loadTree: () => void loadTree(), setOpen }}
        scope={departmentId !== null ? { departmentId: String(departmentId) } : {}}
        side={side}
        version={version}
      />
      {open?.kind === 'department' && (
        <FormDialog
          title={t(open.department ? 'people.renameDepartment' : 'people.addDepartment')}
          row={open.department}
          form={departmentForm}
          page={{ departmentOptions, headOptions, parentId: open.parentId }}
          onClose={(saved) => {
            setOpen(null);
            if (saved) void loadTree();
          }}
        />
      )}
      {open?.kind === 'deleteDepartment' && (
        <ConfirmDelete
          names={[open.department.name]}
          run={() => deleteDepartment(http, open.department.id)}
          onClose={(deleted) => {
            setOpen(null);
            if (!deleted) return;
            setDepartmentId(null);
            void loadTree();
          }}
        />
      )}
      {open?.kind === 'roles' && (
        <FormDialog
          title={`${t('people.assignRoles')} · ${open.user.name}`}
          row={open.user}
          form={rolesForm}
          page={{ roleOptions }}
          onClose={(saved) => {
            setOpen(null);
            if (saved) changed();
          }}
        />
      )}
      {open?.kind === 'password' && (
        <FormDialog
          title={`${t('people.resetPassword')} · ${open.user.name}`}
          row={open.user}
          form={passwordForm}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
