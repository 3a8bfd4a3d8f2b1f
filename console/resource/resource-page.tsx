// ResourcePage: a management page from a declaration — filters, toolbar (by element rights), table
// with selection, paging with the SPEC §9 totals, the form dialog, typed delete confirmation, import
// and export as background tasks. `side` holds a tree that narrows the list (departments, groups).
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { notify } from '../../shared/http/index.ts';
import { session } from '../../shared/session/index.ts';
import { button, buttonGhost } from '../../shared/theme/base.css.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { FilterBar } from './filters.tsx';
import { FormDialog } from './form-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { Pager } from './pager.tsx';
import * as css from './resource.css.ts';
import { ResourceTable } from './table.tsx';
import './texts.ts';
import { selectedRows as pick, type Selection } from '../../shared/api/resource.ts';
import type { Env, FilterValues, ListQuery, ResourceDef, Right } from './types.ts';
import { useList } from './use-list.ts';

type Open<Row> = { kind: 'form'; row: Row | null } | { kind: 'delete'; rows: readonly Row[] } | { kind: 'import' } | null;

export interface ResourcePageProps<Row extends object, Page> {
  /** The page's module-level declaration. */
  def: ResourceDef<Row, Page>;
  /** The page's own state and actions its declaration's functions read (Env.page): open a page dialog, the chosen tree node. */
  page?: Page;
  /** Filters set from outside the filter bar (e.g. the department chosen in the side tree). */
  scope?: FilterValues;
  side?: ReactNode;
  /** Extra toolbar buttons. */
  tools?: ReactNode;
  /** Bump to reload the list after a change made outside the kit (e.g. a batch add). */
  version?: number;
  /** Filters the page opens with (e.g. from a dashboard link); the filter bar shows them. */
  initialFilters?: FilterValues;
}

export function ResourcePage<Row extends object, Page = undefined>({ def, page, scope, side, tools, version = 0, initialFilters }: ResourcePageProps<Row, Page>) {
  const { t } = useTranslation();
  const env: Env<Page> = { t, page: page as Page };
  const { elements } = useSnapshot(session);
  const may = (right: Right) => {
    const code = def.rights?.[right];
    return code === undefined || code in elements;
  };
  const scopeKey = JSON.stringify(scope ?? {});
  const list = useMemo(() => {
    const scoped = JSON.parse(scopeKey) as FilterValues;
    return (query: ListQuery, signal: AbortSignal) => def.list({ ...query, filters: { ...query.filters, ...scoped } }, signal);
  }, [def, scopeKey]);
  const state = useList(list, def.pageSize ?? 20, scopeKey, version, initialFilters);
  const [selection, setSelection] = useState<Selection>({});
  const [open, setOpen] = useState<Open<Row>>(null);
  const selectedRows = pick(state.rows, selection, def.rowKey);
  const reload = () => {
    setSelection({});
    state.reload();
  };
  const selectable = (!!def.remove && may('remove')) || !!def.bulkActions?.length;
  const canEdit = (row: Row) => !!def.form && may('edit') && (def.canEdit?.(row, env) ?? true);
  const canRemove = (row: Row) => !!def.remove && may('remove') && (def.canRemove?.(row, env) ?? true);
  const actions =
    def.form || def.remove || def.rowActions
      ? (row: Row) => (
          <span>
            {canEdit(row) && (
              <button type="button" className={css.link} onClick={() => setOpen({ kind: 'form', row })} data-action="edit">
                {t('resource.edit')}
              </button>
            )}
            {def.rowActions
              ?.filter((a) => (a.show?.(row, env) ?? true) && (a.right === undefined || a.right in elements))
              .map((a) => (
                <button key={a.key} type="button" className={css.link} onClick={() => void a.run(row, reload, env)} data-action={a.key}>
                  {t(a.labelKey)}
                </button>
              ))}
            {canRemove(row) && (
              <button type="button" className={`${css.link} ${css.danger}`} onClick={() => setOpen({ kind: 'delete', rows: [row] })} data-action="delete">
                {t('resource.remove')}
              </button>
            )}
          </span>
        )
      : undefined;

  const exportAll = async () => {
    if (!def.exporter) return;
    try {
      await def.exporter({ ...state.query.filters, ...scope }, env);
      notify({ kind: 'toast', level: 'success', duration: 3000, key: 'resource.exportStarted' });
    } catch {
      // The HTTP layer showed the platform's message.
    }
  };

  return (
    <div className={side ? `${css.page} ${css.withSide}` : css.page} data-resource={def.id}>
      {side && <aside className={css.side}>{side}</aside>}
      <section className={css.main} aria-label={t(def.titleKey)}>
        {def.filters && def.filters.length > 0 && <FilterBar filters={def.filters} value={state.query.filters} version={version} onApply={(f) => (setSelection({}), state.setFilters(f))} />}
        <div className={css.toolbar} role="toolbar" aria-label={t('resource.actions')}>
          {def.form && may('create') && (
            <button type="button" className={button} onClick={() => setOpen({ kind: 'form', row: null })} data-action="create">
              {t('resource.create')}
            </button>
          )}
          {def.remove && may('remove') && (
            <button
              type="button"
              className={buttonGhost}
              disabled={selectedRows.length === 0}
              onClick={() => setOpen({ kind: 'delete', rows: selectedRows })}
              data-action="delete-selected"
            >
              {t('resource.removeSelected')}
            </button>
          )}
          {def.importer && may('import') && (
            <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'import' })} data-action="import">
              {t('resource.import')}
            </button>
          )}
          {def.exporter && may('export') && (
            <button type="button" className={buttonGhost} onClick={() => void exportAll()} data-action="export">
              {t('resource.export')}
            </button>
          )}
          {def.bulkActions
            ?.filter((a) => a.right === undefined || a.right in elements)
            .map((a) => (
              <button key={a.key} type="button" className={buttonGhost} disabled={selectedRows.length === 0} onClick={() => a.run(selectedRows, reload, env)} data-action={a.key}>
                {t(a.labelKey)}
              </button>
            ))}
          {def.filterActions?.filter((a) => a.show?.(env) ?? true).map((a) => (
            <button key={a.key} type="button" className={buttonGhost} onClick={() => a.run({ ...state.query.filters, ...scope }, reload, env)} data-action={a.key}>
              {t(a.labelKey)}
            </button>
          ))}
          {tools}
        </div>
        <ResourceTable
          label={t(def.titleKey)}
          columns={def.columns}
          page={page}
          rows={state.rows}
          rowKey={def.rowKey}
          rowName={def.rowName}
          loading={state.loading}
          error={state.error}
          onRetry={state.reload}
          {...(selectable ? { selection: { value: selection, onChange: setSelection, ...(def.bulkActions?.length ? {} : { enabled: canRemove }) } } : {})}
          {...(actions ? { actions } : {})}
        />
        <Pager
          page={state.query.page}
          limit={state.query.limit}
          total={state.total}
          rowsOnPage={state.rows.length}
          selected={selectedRows.length}
          onPage={(p) => (setSelection({}), state.setPage(p))}
          onLimit={(l) => (setSelection({}), state.setLimit(l))}
        />
      </section>
      {open?.kind === 'form' && def.form && (
        <FormDialog
          title={t(open.row ? 'resource.edit' : 'resource.create')}
          form={def.form}
          row={open.row}
          page={page}
          onClose={(saved) => {
            setOpen(null);
            if (!saved) return;
            // SPEC §8 success messages: "add success" after a new row is saved (and its kin after an edit).
            notify({ kind: 'toast', level: 'success', duration: 2000, key: open.row ? 'common.updateSuccess' : 'common.addSuccess' });
            reload();
          }}
        />
      )}
      {open?.kind === 'delete' && def.remove && (
        <ConfirmDelete
          names={open.rows.map(def.rowName)}
          run={() => def.remove!(open.rows, env)}
          onClose={(deleted) => {
            setOpen(null);
            if (deleted) {
              notify({ kind: 'toast', level: 'success', duration: 2000, key: 'resource.removed', params: { count: open.rows.length } });
              reload();
            }
          }}
        />
      )}
      {open?.kind === 'import' && def.importer && <ImportDialog importer={def.importer} onClose={() => setOpen(null)} />}
    </div>
  );
}
