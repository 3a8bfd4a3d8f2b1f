// The action list of a strategy, or the steps of a quick scene: one row per action (write a point of
// a device, raise an alarm on a device, run a scene), with a delay per step for scenes; add, remove
// and reorder by buttons (keyboard reachable). The form holds the list as JSON text and checks it with
// the same shared rule as the platform; the points offered are the chosen device's writable ones.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_LEVELS } from '../../../shared/api/alarm-types.ts';
import { listDevices } from '../../../shared/api/device.ts';
import { listScenes } from '../../../shared/api/linkage.ts';
import type { LinkAction, LinkActionKind, SceneStep } from '../../../shared/api/linkage-types.ts';
import { devicePoints } from '../../../shared/api/point.ts';
import type { PointValue } from '../../../shared/api/point-types.ts';
import { http } from '../../../shared/http/index.ts';
import { buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { listOf } from '../../../shared/validate/linkage.ts';
import type { CustomFieldProps, Option } from '../../resource/index.ts';
import { Choice } from '../../resource/picker.tsx';
import * as css from './linkage.css.ts';

/** Devices, scenes and each device's points, loaded once per page and shared by its dialogs. */
export interface LinkTargets {
  devices: readonly Option[];
  scenes: readonly Option[];
  /** The device's points, or null while they load (the first ask starts the load; its arrival re-renders the page). */
  pointsOf: (deviceId: number) => readonly PointValue[] | null;
}

export function useLinkTargets(withScenes: boolean): LinkTargets {
  const [devices, setDevices] = useState<Option[]>([]);
  const [scenes, setScenes] = useState<Option[]>([]);
  const [, setArrived] = useState(0);
  const points = useRef(new Map<number, readonly PointValue[] | 'loading'>());
  useEffect(() => {
    listDevices(http, { limit: 1000 }, { quiet: true }).then(
      (page) => setDevices(page.rows.filter((d) => d.modelId !== null).map((d) => ({ value: String(d.id), label: `${d.code} ${d.name}` }))),
      () => undefined,
    );
    if (withScenes) listScenes(http, { page: 1, limit: 1000 }).then((page) => setScenes(page.rows.map((s) => ({ value: String(s.id), label: s.name }))), () => undefined);
  }, [withScenes]);
  const pointsOf = useCallback((deviceId: number) => {
    const known = points.current.get(deviceId);
    if (known === 'loading') return null;
    if (known) return known;
    points.current.set(deviceId, 'loading');
    devicePoints(http, deviceId, { quiet: true }).then(
      (list) => {
        points.current.set(deviceId, list);
        setArrived((n) => n + 1);
      },
      () => points.current.delete(deviceId),
    );
    return null;
  }, []);
  return useMemo(() => ({ devices, scenes, pointsOf }), [devices, scenes, pointsOf]);
}

type Draft = Record<string, string>;
interface Row {
  delay: string;
  action: Draft;
}

const blank = (kind: LinkActionKind): Draft => ({ kind, deviceId: '', code: '', value: '', level: 'warning', content: '', sceneId: '' });

const toDraft = (a: Partial<LinkAction> | undefined): Draft => ({ ...blank((a?.kind as LinkActionKind) ?? 'write'), ...Object.fromEntries(Object.entries(a ?? {}).map(([k, v]) => [k, String(v)])) });

/** A draft as the action the platform takes (numbers where numbers belong; unfinished parts stay unfinished for the rule to name). */
function toAction(d: Draft): unknown {
  const id = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : v ?? '');
  switch (d.kind) {
    case 'write':
      return { kind: 'write', deviceId: id(d.deviceId), code: d.code ?? '', value: d.value !== undefined && d.value.trim() !== '' && Number.isFinite(Number(d.value)) ? Number(d.value) : d.value ?? '' };
    case 'alarm':
      return { kind: 'alarm', deviceId: id(d.deviceId), level: d.level, content: d.content ?? '' };
    default:
      return { kind: 'scene', sceneId: id(d.sceneId) };
  }
}

function parse(value: CustomFieldProps['value'], steps: boolean): Row[] {
  const list = listOf(typeof value === 'string' ? value : '[]') ?? [];
  return list.map((item) => {
    if (!steps) return { delay: '', action: toDraft(item as LinkAction) };
    const step = (item ?? {}) as Partial<SceneStep>;
    return { delay: step.delaySeconds === undefined ? '' : String(step.delaySeconds), action: toDraft(step.action) };
  });
}

function serialise(rows: readonly Row[], steps: boolean): string {
  return JSON.stringify(rows.map((r) => (steps ? { delaySeconds: /^\d+$/.test(r.delay.trim()) ? Number(r.delay) : r.delay, action: toAction(r.action) } : toAction(r.action))));
}

export function ActionsEditor({
  value,
  onChange,
  groupProps,
  kinds,
  steps = false,
  targets,
}: CustomFieldProps & { kinds: readonly LinkActionKind[]; steps?: boolean; targets: LinkTargets }) {
  const { t } = useTranslation();
  const rows = parse(value, steps);
  const set = (next: Row[]) => onChange(serialise(next, steps));
  const change = (i: number, patch: Draft, delay?: string) =>
    set(rows.map((r, k) => (k === i ? { delay: delay ?? r.delay, action: patch.kind && patch.kind !== r.action.kind ? blank(patch.kind as LinkActionKind) : { ...r.action, ...patch } } : r)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    set(next);
  };
  const select = (label: string, current: string, options: readonly Option[], onPick: (v: string) => void, className = css.medium, name?: string) => (
    <Choice
      className={className}
      inputProps={{ 'aria-label': label }}
      value={current}
      onChange={(v) => onPick(String(v))}
      options={options}
      emptyLabel={t('linkage.action.choose')}
      data={name ? { 'data-part': name } : undefined}
    />
  );

  return (
    <div role="group" {...groupProps} className={css.actions} data-part="actions">
      {rows.length === 0 && <span className={css.actionIndex}>{t('linkage.action.none')}</span>}
      {rows.map((row, i) => {
        const a = row.action;
        const n = i + 1;
        const label = t(steps ? 'linkage.action.step' : 'linkage.action.number', { index: n });
        const points = a.deviceId && /^\d+$/.test(a.deviceId) ? targets.pointsOf(Number(a.deviceId)) : [];
        const writable = (points ?? []).filter((p) => p.access === 'rw').map((p) => ({ value: p.code, label: `${p.code} ${p.name}${p.unit ? ` (${p.unit})` : ''}` }));
        const chosen = (points ?? []).find((p) => p.code === a.code);
        return (
          <div key={i} className={css.actionRow} data-action-row={n}>
            <span className={css.actionIndex}>{label}</span>
            {steps && (
              <input
                className={`${input} ${css.narrow}`}
                aria-label={`${label} ${t('linkage.action.delay')}`}
                placeholder={t('linkage.action.delay')}
                inputMode="numeric"
                value={row.delay}
                data-part="delay"
                onChange={(e) => change(i, {}, e.currentTarget.value)}
              />
            )}
            {select(
              `${label} ${t('linkage.action.kind')}`,
              a.kind ?? 'write',
              kinds.map((k) => ({ value: k, label: t(`linkage.action.${k}`) })),
              (k) => k && change(i, { kind: k }),
              css.medium,
              'kind',
            )}
            {(a.kind === 'write' || a.kind === 'alarm') &&
              select(`${label} ${t('linkage.action.device')}`, a.deviceId ?? '', targets.devices, (v) => change(i, { deviceId: v, code: '' }), css.wide, 'device')}
            {a.kind === 'write' && select(`${label} ${t('linkage.action.point')}`, a.code ?? '', writable, (v) => change(i, { code: v }), css.medium, 'point')}
            {a.kind === 'write' && (
              <input
                className={`${input} ${css.narrow}`}
                aria-label={`${label} ${t('linkage.action.value')}`}
                placeholder={chosen ? `${chosen.min}–${chosen.max}` : t('linkage.action.value')}
                inputMode="decimal"
                value={a.value ?? ''}
                data-part="value"
                onChange={(e) => change(i, { value: e.currentTarget.value })}
              />
            )}
            {a.kind === 'alarm' &&
              select(
                `${label} ${t('linkage.action.level')}`,
                a.level ?? 'warning',
                ALARM_LEVELS.map((l) => ({ value: l, label: t(`status.alarmLevel.${l}`) })),
                (v) => change(i, { level: v }),
                css.medium,
                'level',
              )}
            {a.kind === 'alarm' && (
              <input
                className={`${input} ${css.wide}`}
                aria-label={`${label} ${t('linkage.action.content')}`}
                placeholder={t('linkage.action.content')}
                value={a.content ?? ''}
                maxLength={200}
                data-part="content"
                onChange={(e) => change(i, { content: e.currentTarget.value })}
              />
            )}
            {a.kind === 'scene' && select(`${label} ${t('linkage.action.scene_')}`, a.sceneId ?? '', targets.scenes, (v) => change(i, { sceneId: v }), css.wide, 'scene')}
            <button type="button" className={buttonGhost} aria-label={`${label} ${t('linkage.action.up')}`} disabled={i === 0} onClick={() => move(i, -1)}>
              ↑
            </button>
            <button type="button" className={buttonGhost} aria-label={`${label} ${t('linkage.action.down')}`} disabled={i === rows.length - 1} onClick={() => move(i, 1)}>
              ↓
            </button>
            <button type="button" className={buttonGhost} aria-label={`${label} ${t('linkage.action.remove')}`} onClick={() => set(rows.filter((_r, k) => k !== i))}>
              {t('linkage.action.remove')}
            </button>
          </div>
        );
      })}
      <div>
        <button type="button" className={buttonGhost} data-action="add-action" onClick={() => set([...rows, { delay: steps ? '1' : '', action: blank(kinds[0]!) }])}>
          {t(steps ? 'linkage.action.addStep' : 'linkage.action.add')}
        </button>
      </div>
    </div>
  );
}
