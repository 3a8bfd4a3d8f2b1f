// The area filter: the widgets' tree (shared/tree) with an "all areas" entry on top, or a retry when
// the areas could not be loaded.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaNode } from '../../shared/api/device-types.ts';
import type { Phase } from '../../shared/devices/device-list-store.ts';
import { TreeList, type TreeNode } from '../../shared/tree/tree-list.tsx';
import * as css from './device-list.css.ts';

export interface AreaTreeProps {
  areas: readonly AreaNode[];
  phase: Phase;
  selected: string | null;
  onSelect(areaId: string | null): void;
  onRetry(): void;
}

const toNodes = (areas: readonly AreaNode[]): TreeNode[] => areas.map((a) => ({ id: a.rowGuid, name: a.areaName, children: toNodes(a.children) }));

export function AreaTree({ areas, phase, selected, onSelect, onRetry }: AreaTreeProps) {
  const { t } = useTranslation();
  const nodes = useMemo(() => toNodes(areas), [areas]);
  return (
    <nav className={css.side} aria-label={t('device.list.areas')}>
      <div className={css.sideTitle}>{t('device.list.areas')}</div>
      {phase === 'error' ? (
        <div className={css.state} style={{ position: 'static' }}>
          <span className={css.stateError}>{t('device.list.areasFailed')}</span>
          <button type="button" className={css.retry} onClick={onRetry}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <TreeList
          label={t('device.list.areas')}
          nodes={nodes}
          selected={selected}
          onSelect={onSelect}
          allLabel={t('device.list.allAreas')}
          busy={phase === 'loading'}
          expandLabel={t('device.list.expand')}
          collapseLabel={t('device.list.collapse')}
        />
      )}
    </nav>
  );
}
