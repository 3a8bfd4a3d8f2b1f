// Linkage strategies (linkManage linkmng/link_group; stand-alone /linkmng_link_group) on the resource
// kit: the strategy groups beside the list (add, edit, delete an empty one) and the strategies of the
// chosen group — source device and condition (checked by the shared parser as typed, with the device's
// point codes shown), consecutive hits, level and retry interval, active period, holidays, and the
// actions in their own editor. Enable or disable a strategy from its row.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createLinkGroup, createStrategy, deleteLinkGroups, deleteStrategies, listLinkGroups, listStrategies, setStrategyEnabled, updateLinkGroup, updateStrategy } from '../../../shared/api/linkage.ts';
import { LINK_ACTION_KINDS, LINK_LEVELS, type LinkGroup, type LinkStrategy, type LinkStrategySave } from '../../../shared/api/linkage-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { linkGroupSchema, strategySchema } from '../../../shared/validate/linkage.ts';
import { ConfirmDelete, defineForm, defineResource, FormDialog, ResourcePage, Tree, type Env, type FormValues, text } from '../../resource/index.ts';
import { ActionsEditor, useLinkTargets, type LinkTargets } from './actions-editor.tsx';
import './texts.ts';

const ALL = 'all';
/** A strategy's retry interval when none is given (seconds). */
const RETRY_SECONDS = 30;
type Open = { kind: 'group'; group: LinkGroup | null } | { kind: 'deleteGroup'; group: LinkGroup } | null;

/** What the strategy list reaches on the page: the groups (the form's choices), the chosen one, their reload, the link targets and navigation to a strategy's records. */
interface LinkGroupPageState {
  groups: readonly LinkGroup[];
  groupId: number | null;
  loadGroups: () => void;
  targets: LinkTargets;
  navigate: (to: string) => void;
}

/** The expression's hint: the chosen device's point codes, or how to write one. */
const codesHint = (v: FormValues, { t, page }: Env<LinkGroupPageState>) => {
  const id = text(v.deviceId);
  if (!id) return t('linkage.expressionHelp');
  const points = page.targets.pointsOf(Number(id));
  return points ? t('linkage.pointsHint', { codes: points.map((p) => `${p.code} (${p.name})`).join(', ') }) : t('linkage.pointsLoading');
};

export const linkStrategyResource = defineResource<LinkStrategy, LinkGroupPageState>({
  id: 'link-strategy',
  operation: 'linkage.strategyPage',
  scope: ['groupId'],
  titleKey: 'linkage.strategies',
  rowKey: (s) => s.id,
  rowName: (s) => s.name,
  columns: [
    { id: 'name', headerKey: 'linkage.field.name', field: 'name' },
    { id: 'group', headerKey: 'linkage.field.group', field: 'groupName' },
    { id: 'device', headerKey: 'linkage.field.device', field: 'deviceName' },
    { id: 'expression', headerKey: 'linkage.field.expression', field: 'expression', cell: (s) => <code>{s.expression}</code> },
    { id: 'hits', headerKey: 'linkage.field.hits', field: 'hits', cell: (s) => `${s.held}/${s.hits}` },
    { id: 'level', headerKey: 'linkage.field.level', field: 'level', cell: (s, { t }) => t(`linkage.level.${s.level}`) },
    { id: 'period', headerKey: 'linkage.field.period', field: ['periodStart', 'periodEnd'], cell: (s, { t }) => (s.periodStart ? `${s.periodStart}–${s.periodEnd}` : t('linkage.field.allDay')) },
    { id: 'actions', headerKey: 'linkage.field.actions', field: 'actions', cell: (s, { t }) => s.actions.map((a) => t(`linkage.action.${a.kind}`)).join(', ') },
    { id: 'enabled', headerKey: 'linkage.field.enabled', field: 'enabled', cell: (s, { t }) => <span data-enabled={s.enabled}>{t(s.enabled ? 'linkage.status.enabled' : 'linkage.status.disabled')}</span> },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'linkage.field.keyword' }],
  list: (q, signal) =>
    listStrategies(
      http,
      { page: q.page, limit: q.limit, ...(text(q.filters.keyword as string) ? { keyword: text(q.filters.keyword as string) } : {}), ...(q.filters.groupId ? { groupId: Number(q.filters.groupId) } : {}) },
      signal,
    ),
  form: {
    saves: { create: 'linkage.strategyCreate', update: 'linkage.strategyUpdate' },
    wide: true,
    fields: (_row, { page }) => [
      { kind: 'text', name: 'name', labelKey: 'linkage.field.name', rules: strategySchema.name, initial: (s) => s?.name ?? '' },
      { kind: 'select', name: 'groupId', labelKey: 'linkage.field.group', options: page.groups.map((g) => ({ value: String(g.id), label: g.name })), rules: strategySchema.groupId, initial: (s, e) => String(s?.groupId ?? e.page.groupId ?? ''), as: 'number' },
      { kind: 'select', name: 'deviceId', labelKey: 'linkage.field.device', options: page.targets.devices, rules: strategySchema.deviceId, initial: (s) => (s ? String(s.deviceId) : ''), as: 'number' },
      { kind: 'text', name: 'expression', labelKey: 'linkage.field.expression', rules: strategySchema.expression, initial: (s) => s?.expression ?? '' },
      { kind: 'text', name: 'hits', labelKey: 'linkage.field.hits', rules: strategySchema.hits, initial: (s) => String(s?.hits ?? 1), as: 'number' },
      { kind: 'select', name: 'level', labelKey: 'linkage.field.level', options: LINK_LEVELS.map((l) => ({ value: l, labelKey: `linkage.level.${l}` })), rules: strategySchema.level, initial: (s) => s?.level ?? 'common' },
      { kind: 'text', name: 'retrySeconds', labelKey: 'linkage.field.retrySeconds', rules: strategySchema.retrySeconds, initial: (s) => String(s?.retrySeconds ?? RETRY_SECONDS), as: 'number' },
      { kind: 'text', name: 'periodStart', labelKey: 'linkage.field.periodStart', rules: strategySchema.periodStart, initial: (s) => s?.periodStart ?? '' },
      { kind: 'text', name: 'periodEnd', labelKey: 'linkage.field.periodEnd', rules: strategySchema.periodEnd, initial: (s) => s?.periodEnd ?? '' },
      { kind: 'checkbox', name: 'skipHolidays', labelKey: 'linkage.field.skipHolidays', initial: (s) => s?.skipHolidays ?? false },
      { kind: 'checkbox', name: 'enabled', labelKey: 'linkage.status.enabled', initial: (s) => s?.enabled ?? true },
      // The actions are held as JSON text while edited.
      { kind: 'custom', name: 'actions', labelKey: 'linkage.field.actions', render: (p) => <ActionsEditor {...p} kinds={LINK_ACTION_KINDS} targets={page.targets} />, rules: strategySchema.actions, initial: (s) => JSON.stringify(s?.actions ?? []), as: 'json' },
    ],
    hints: { expression: codesHint },
    save: async (body, s, { page }) => {
      // An emptied retry interval (0: a typed 0 is refused by its rule) is the default.
      const strategy = { ...body, retrySeconds: (body.retrySeconds as number) || RETRY_SECONDS } as LinkStrategySave;
      await (s ? updateStrategy(http, s.id, strategy) : createStrategy(http, strategy));
      page.loadGroups();
    },
  },
  remove: async (rows, { page }) => {
    await deleteStrategies(http, rows.map((s) => s.id));
    page.loadGroups();
  },
  rowActions: [
    { key: 'records', labelKey: 'linkage.records', run: (s, _reload, { page }) => page.navigate(`/linkmng/link_findrecord?strategyId=${s.id}`) },
    {
      key: 'toggle',
      labelKey: 'linkage.disable',
      show: (s) => s.enabled,
      run: async (s, reload) => {
        await setStrategyEnabled(http, s.id, false);
        notify({ kind: 'toast', level: 'success', duration: 2000, key: 'linkage.disabledNow', params: { name: s.name } });
        reload();
      },
    },
    {
      key: 'toggle',
      labelKey: 'linkage.enable',
      show: (s) => !s.enabled,
      run: async (s, reload) => {
        await setStrategyEnabled(http, s.id, true);
        notify({ kind: 'toast', level: 'success', duration: 2000, key: 'linkage.enabledNow', params: { name: s.name } });
        reload();
      },
    },
  ],
});

/** Adding or renaming a strategy group; a new group is chosen at once (the page's setGroupId): the strategies made next go into it. */
export const linkGroupForm = defineForm<LinkGroup, { setGroupId: (id: number) => void }>({
  saves: { create: 'linkage.groupCreate', update: 'linkage.groupUpdate' },
  fields: () => [
    { kind: 'text', name: 'name', labelKey: 'linkage.groupName', rules: linkGroupSchema.name, initial: (g) => g?.name ?? '' },
    { kind: 'textarea', name: 'note', labelKey: 'linkage.groupNote', rules: linkGroupSchema.note, initial: (g) => g?.note ?? '' },
  ],
  save: async (body, g, { page }) => {
    const group = body as { name: string; note: string };
    if (g) await updateLinkGroup(http, g.id, group);
    else page.setGroupId((await createLinkGroup(http, group)).id);
    notify({ kind: 'toast', level: 'success', duration: 2000, key: 'resource.saved' });
  },
});

export default function LinkGroupPage() {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<LinkGroup[]>([]);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);
  const targets = useLinkTargets(true);
  const navigate = useNavigate();
  const loadGroups = useCallback(() => listLinkGroups(http, { page: 1, limit: 1000 }).then((p) => setGroups(p.rows), () => undefined), []);
  useEffect(() => {
    void loadGroups();
  }, [loadGroups]);
  const current = groups.find((g) => g.id === groupId) ?? null;

  const def = linkStrategyResource;

  const side = (
    <>
      <Tree
        label={t('linkage.groups')}
        items={[{ id: ALL, name: t('linkage.allGroups') }, ...groups.map((g) => ({ id: String(g.id), name: `${g.name} (${g.strategies})` }))]}
        selected={groupId === null ? ALL : String(groupId)}
        onSelect={(id) => setGroupId(id === ALL ? null : Number(id))}
        testId="link-groups"
      />
      <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'group', group: null })} data-action="add-group">
        {t('linkage.addGroup')}
      </button>
      {current && (
        <>
          <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'group', group: current })} data-action="rename-group">
            {t('linkage.renameGroup')}
          </button>
          <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'deleteGroup', group: current })} data-action="delete-group">
            {t('linkage.deleteGroup')}
          </button>
        </>
      )}
    </>
  );

  return (
    <div data-page="link-group">
      <ResourcePage
        def={def}
        page={{ groups, groupId, loadGroups: () => void loadGroups(), targets, navigate }}
        scope={groupId !== null ? { groupId: String(groupId) } : {}}
        side={side}
        version={version}
      />
      {open?.kind === 'group' && (
        <FormDialog
          title={t(open.group ? 'linkage.renameGroup' : 'linkage.addGroup')}
          row={open.group}
          form={linkGroupForm}
          page={{ setGroupId }}
          onClose={(saved) => {
            setOpen(null);
            if (saved) {
              void loadGroups();
              setVersion((n) => n + 1);
            }
          }}
        />
      )}
      {open?.kind === 'deleteGroup' && (
        <ConfirmDelete
          names={[open.group.name]}
          run={() => deleteLinkGroups(http, [open.group.id])}
          onClose={(deleted) => {
            setOpen(null);
            if (!deleted) return;
            setGroupId(null);
            void loadGroups();
          }}
        />
      )}
    </div>
  );
}
