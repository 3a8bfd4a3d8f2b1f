// The resource table: columns from the declaration, a selection column, row actions, and the
// loading / empty / error states in place of the rows. Selection and column models come from
// TanStack Table; the markup, styles and keyboard model are ours.
import { createColumnHelper, rowSelectionFeature, tableFeatures, useTable, type RowData, type RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, type FocusEvent, type ReactNode } from 'react';
import { useKeyboardScroll } from '../shell/use-keyboard-scroll.ts';
import { useTranslation } from 'react-i18next';
import { onListKeyDown } from './list-keys.ts';
import * as css from './resource.css.ts';
import type { ColumnDef } from './types.ts';

const features = tableFeatures({ rowSelectionFeature });
const ROW_CONTROLS = 'input:not([disabled]), button:not([disabled]), a[href], select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ResourceTableProps<Row extends RowData, Page = unknown> {
  label: string;
  columns: readonly ColumnDef<Row, Page>[];
  /** The page's own state, handed to the cells with the translation (Env.page). */
  page?: Page;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowName: (row: Row) => string;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** Row selection, keyed by rowKey; omit to show no selection column. */
  selection?: { value: RowSelectionState; onChange: (next: RowSelectionState) => void; enabled?: (row: Row) => boolean };
  actions?: (row: Row) => ReactNode;
}

/** A cell without its own renderer shows its one field's value as text. */
function fieldText<Row>(row: Row, column: ColumnDef<Row, never>): ReactNode {
  if (typeof column.field !== 'string') return null;
  const value = (row as Record<string, unknown>)[column.field];
  return value === null || value === undefined ? '' : Array.isArray(value) ? value.join('、') : String(value as string | number | boolean);
}

export function ResourceTable<Row extends RowData, Page = unknown>(props: ResourceTableProps<Row, Page>) {
  const { t } = useTranslation();
  const { columns, rows, rowKey, rowName, selection, actions, page } = props;
  const helper = useMemo(() => createColumnHelper<typeof features, Row>(), []);
  const selectable = selection !== undefined;
  // A table wider or longer than its box, with no control in it, is scrolled by keyboard through its box.
  const wrap = useRef<HTMLDivElement>(null);
  useKeyboardScroll(wrap, props.label);
  // A row action that ends its own reason to be (handle, take, confirm) leaves with the reloaded row:
  // the keyboard user's focus would fall back to the page's start. It goes to the control now at the
  // same place in that row (or in the row now at that place) instead (WCAG 2.4.3).
  const lastFocus = useRef<{ el: HTMLElement; row: string; index: number; at: number } | null>(null);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('[data-row]');
    if (!row || !wrap.current) return;
    const all = [...wrap.current.querySelectorAll<HTMLElement>('tbody [data-row]')];
    lastFocus.current = { el: target, row: row.dataset.row!, index: [...row.querySelectorAll(ROW_CONTROLS)].indexOf(target), at: all.indexOf(row) };
  };
  useEffect(() => {
    const last = lastFocus.current;
    const box = wrap.current;
    if (!last || !box || last.el.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const rowsNow = [...box.querySelectorAll<HTMLElement>('tbody [data-row]')];
    const row = rowsNow.find((r) => r.dataset.row === last.row) ?? rowsNow[Math.min(last.at, rowsNow.length - 1)];
    const controls = row ? [...row.querySelectorAll<HTMLElement>(ROW_CONTROLS)] : [];
    const next = controls[Math.min(Math.max(last.index, 0), controls.length - 1)];
    if (next) next.focus();
  }, [rows]);
  const tableColumns = useMemo(
    () => [
      ...(selectable ? [helper.display({ id: '__select', header: () => null, cell: () => null })] : []),
      ...columns.map((c) => helper.display({ id: c.id, header: () => t(c.headerKey), cell: (ctx) => (c.cell ? c.cell(ctx.row.original, { t, page: page as Page }) : fieldText(ctx.row.original, c as ColumnDef<Row, never>)) })),
      ...(actions ? [helper.display({ id: '__actions', header: () => t('resource.actions'), cell: (ctx) => actions(ctx.row.original) })] : []),
    ],
    // t changes with the language, so headers follow it.
    [helper, columns, selectable, actions, t, page],
  );
  const data = rows as Row[];
  const table = useTable({
    features,
    columns: tableColumns,
    data,
    getRowId: (row) => String(rowKey(row)),
    state: { rowSelection: selection?.value ?? {} },
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      selection.onChange(typeof updater === 'function' ? updater(selection.value) : updater);
    },
    enableRowSelection: (row) => selection?.enabled?.(row.original) ?? true,
  });
  const span = tableColumns.length;
  const body = (): ReactNode => {
    if (props.error)
      return (
        <tr>
          <td colSpan={span} className={css.state} role="alert">
            {t('resource.loadFailed', { message: props.error })}{' '}
            <button type="button" className={css.link} onClick={props.onRetry}>
              {t('resource.retry')}
            </button>
          </td>
        </tr>
      );
    if (rows.length === 0)
      return (
        <tr>
          <td colSpan={span} className={css.state} data-state={props.loading ? 'loading' : 'empty'}>
            {props.loading ? t('resource.loading') : t('resource.empty')}
          </td>
        </tr>
      );
    return table.getRowModel().rows.map((row) => (
      <tr key={row.id} className={css.row} data-row={row.id} aria-selected={selection ? row.getIsSelected() : undefined}>
        {row.getAllCells().map((cell) => (
          <td key={cell.id} className={cell.column.id === '__actions' ? css.actionsCell : css.cell} data-column={cell.column.id === '__actions' ? 'actions' : undefined}>
            {cell.column.id === '__select' ? (
              <input
                type="checkbox"
                checked={row.getIsSelected()}
                disabled={!row.getCanSelect()}
                onChange={(e) => row.toggleSelected(e.currentTarget.checked)}
                aria-label={t('resource.selectRow', { name: rowName(row.original) })}
              />
            ) : (
              <table.FlexRender cell={cell} />
            )}
          </td>
        ))}
      </tr>
    ));
  };
  return (
    <div className={css.tableWrap} ref={wrap} onFocus={onFocus}>
      <table className={css.table} aria-label={props.label} aria-busy={props.loading}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} className={header.column.id === '__actions' ? css.actionsHead : css.head} scope="col">
                  {header.column.id === '__select' ? (
                    <input
                      type="checkbox"
                      checked={rows.length > 0 && table.getIsAllPageRowsSelected()}
                      ref={(el) => {
                        if (el) el.indeterminate = table.getIsSomePageRowsSelected();
                      }}
                      disabled={rows.length === 0}
                      onChange={(e) => table.toggleAllPageRowsSelected(e.currentTarget.checked)}
                      aria-label={t('resource.selectAll')}
                    />
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody onKeyDown={(e) => onListKeyDown(e)}>{body()}</tbody>
      </table>
    </div>
  );
}
