// The two editors of the form designer. Fields: one row each (name, title, type, required, the
// options of a select), reordered by buttons. Process: the approval steps in order (name, who approves
// — named users, a role's holders or the initiator's department head — and whether any or all of them
// must approve) and the CC recipients. Each editor holds its list as JSON text in the form; the form's
// rules (shared/workflow/validate.ts, the platform's own) name the row that is wrong.
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, type Approvers, type Directory, type FieldType, type FormField, type ProcessDef, type ProcessStep } from '../../../shared/api/workflow-types.ts';
import { buttonGhost, input } from '../../../shared/theme/base.css.ts';
import type { CustomFieldProps } from '../../resource/index.ts';
import * as css from '../link-group/linkage.css.ts';
import * as kit from '../../resource/resource.css.ts';
import { Choice } from '../../resource/picker.tsx';

export const parseJson = <T,>(value: unknown, fallback: T): T => {
  if (typeof value !== 'string' || !value) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
};

function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

function RowButtons({ index, count, onMove, onRemove }: { index: number; count: number; onMove: (by: -1 | 1) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const of = t('workflow.designer.rowOf', { index: index + 1 });
  return (
    <>
      <button type="button" className={buttonGhost} disabled={index === 0} onClick={() => onMove(-1)} aria-label={`${t('workflow.designer.up')} · ${of}`}>
        ↑
      </button>
      <button type="button" className={buttonGhost} disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`${t('workflow.designer.down')} · ${of}`}>
        ↓
      </button>
      <button type="button" className={buttonGhost} onClick={onRemove} aria-label={`${t('workflow.designer.remove')} · ${of}`}>
        ✕
      </button>
    </>
  );
}

export function FieldsEditor({ value, onChange, groupProps }: CustomFieldProps) {
  const { t } = useTranslation();
  const fields = parseJson<FormField[]>(value, []);
  const set = (next: FormField[]) => onChange(JSON.stringify(next));
  const patch = (i: number, change: Partial<FormField>) => set(fields.map((f, j) => (j === i ? { ...f, ...change } : f)));
  return (
    <div {...groupProps} role="group" className={css.actions} data-part="fields-editor">
      {fields.map((f, i) => (
        <div key={i} className={css.actionRow} data-field-row={i}>
          <span className={css.actionIndex}>{i + 1}</span>
          <input className={`${input} ${css.medium}`} aria-label={`${t('workflow.designer.fieldName')} ${i + 1}`} name={`field-name-${i}`} value={f.name} onChange={(e) => patch(i, { name: e.currentTarget.value })} />
          <input className={`${input} ${css.medium}`} aria-label={`${t('workflow.designer.fieldLabel')} ${i + 1}`} name={`field-label-${i}`} value={f.label} onChange={(e) => patch(i, { label: e.currentTarget.value })} />
          <select
            className={`${input} ${css.medium}`}
            aria-label={`${t('workflow.designer.fieldType')} ${i + 1}`}
            name={`field-type-${i}`}
            value={f.type}
            onChange={(e) => {
              const type = e.currentTarget.value as FieldType;
              const { options: _dropped, ...rest } = f;
              set(fields.map((g, j) => (j === i ? (type === 'select' ? { ...rest, type, options: f.options ?? [] } : { ...rest, type }) : g)));
            }}
          >
            {FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`workflow.type.${type}`)}
              </option>
            ))}
          </select>
          <label>
            <input type="checkbox" name={`field-required-${i}`} checked={f.required} onChange={(e) => patch(i, { required: e.currentTarget.checked })} /> {t('workflow.designer.required')}
          </label>
          {f.type === 'select' ? (
            <input
              className={`${input} ${css.wide}`}
              aria-label={`${t('workflow.designer.options')} ${i + 1} (${t('workflow.designer.optionsHint')})`}
              placeholder={t('workflow.designer.optionsHint')}
              name={`field-options-${i}`}
              defaultValue={(f.options ?? []).join(', ')}
              onChange={(e) => patch(i, { options: e.currentTarget.value.split(/[,，]/).map((o) => o.trim()).filter(Boolean) })}
            />
          ) : null}
          <RowButtons index={i} count={fields.length} onMove={(by) => set(move(fields, i, by))} onRemove={() => set(fields.filter((_f, j) => j !== i))} />
        </div>
      ))}
      <div>
        <button type="button" className={buttonGhost} data-action="add-field" onClick={() => set([...fields, { name: '', label: '', type: 'text', required: false }])}>
          + {t('workflow.designer.addField')}
        </button>
      </div>
    </div>
  );
}

export function ProcessEditor({ value, onChange, groupProps, directory }: CustomFieldProps & { directory: Directory | null }) {
  const { t } = useTranslation();
  const process = parseJson<ProcessDef>(value, { steps: [], cc: [] });
  const set = (next: ProcessDef) => onChange(JSON.stringify(next));
  const patch = (i: number, change: Partial<ProcessStep>) => set({ ...process, steps: process.steps.map((s, j) => (j === i ? { ...s, ...change } : s)) });
  // Approvers: only people and roles who can act on a task (the "my tasks" right); the rest are named below.
  const users = directory?.users ?? [];
  const roles = (directory?.roles ?? []).filter((r) => r.canAct);
  const actors = users.filter((u) => u.canAct);
  const unable = users.length - actors.length;
  const approversFor = (kind: Approvers['kind']): Approvers => (kind === 'user' ? { kind, userIds: [] } : kind === 'role' ? { kind, roleId: roles[0]?.id ?? 0 } : { kind });
  return (
    <div {...groupProps} role="group" className={css.actions} data-part="process-editor">
      {process.steps.map((s, i) => (
        <div key={i} className={css.actionRow} data-step-row={i}>
          <span className={css.actionIndex}>{i + 1}</span>
          <input className={`${input} ${css.medium}`} aria-label={`${t('workflow.designer.stepName')} ${i + 1}`} name={`step-name-${i}`} value={s.name} onChange={(e) => patch(i, { name: e.currentTarget.value })} />
          <select className={`${input} ${css.medium}`} aria-label={`${t('workflow.designer.approvers')} ${i + 1}`} name={`step-kind-${i}`} value={s.approvers.kind} onChange={(e) => patch(i, { approvers: approversFor(e.currentTarget.value as Approvers['kind']) })}>
            {(['user', 'role', 'deptHead'] as const).map((kind) => (
              <option key={kind} value={kind}>
                {t(`workflow.approverKind.${kind}`)}
              </option>
            ))}
          </select>
          {s.approvers.kind === 'user' ? (
            <Choice
              multiple
              className={css.wide}
              inputProps={{ 'aria-label': `${t('workflow.designer.users')} ${i + 1}` }}
              name={`step-users-${i}`}
              value={s.approvers.userIds.map(String)}
              onChange={(v) => patch(i, { approvers: { kind: 'user', userIds: (v as string[]).map(Number) } })}
              options={actors.map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }))}
            />
          ) : null}
          {s.approvers.kind === 'role' ? (
            <select className={`${input} ${css.medium}`} aria-label={`${t('workflow.designer.role')} ${i + 1}`} name={`step-role-${i}`} value={String(s.approvers.roleId)} onChange={(e) => patch(i, { approvers: { kind: 'role', roleId: Number(e.currentTarget.value) } })}>
              {roles.length === 0 ? (
                <option value="0" disabled>
                  {t('workflow.designer.noActingRole')}
                </option>
              ) : null}
              {roles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          ) : null}
          <select className={`${input} ${css.medium}`} aria-label={`${t('workflow.designer.mode')} ${i + 1}`} name={`step-mode-${i}`} value={s.mode} onChange={(e) => patch(i, { mode: e.currentTarget.value as ProcessStep['mode'] })}>
            <option value="any">{t('workflow.mode.any')}</option>
            <option value="all">{t('workflow.mode.all')}</option>
          </select>
          <RowButtons index={i} count={process.steps.length} onMove={(by) => set({ ...process, steps: move(process.steps, i, by) })} onRemove={() => set({ ...process, steps: process.steps.filter((_s, j) => j !== i) })} />
        </div>
      ))}
      {unable > 0 ? (
        <p className={kit.muted} data-part="approver-note">
          {t('workflow.designer.onlyActors', { count: unable })}
        </p>
      ) : null}
      <div>
        <button type="button" className={buttonGhost} data-action="add-step" onClick={() => set({ ...process, steps: [...process.steps, { name: '', mode: 'any', approvers: { kind: 'user', userIds: [] } }] })}>
          + {t('workflow.designer.addStep')}
        </button>
      </div>
      <div className={css.actionRow}>
        <span className={css.actionIndex} aria-hidden="true">
          {t('workflow.designer.cc')}
        </span>
        <Choice
          multiple
          className={css.wide}
          inputProps={{ 'aria-label': t('workflow.designer.cc') }}
          name="process-cc"
          value={process.cc.map(String)}
          onChange={(v) => set({ ...process, cc: (v as string[]).map(Number) })}
          options={users.map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }))}
        />
      </div>
    </div>
  );
}
