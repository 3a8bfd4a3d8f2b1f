// The declaration a management page gives the resource kit: how to list, filter, show, edit, delete,
// import and export one kind of record. The kit draws everything else (SPEC §5 and §9 behaviour).
import type { ReactNode } from 'react';
import type { Page, PageQuery } from '../../shared/api/resource.ts';
import type { Schema, ValidationMessage } from '../../shared/validate/index.ts';

/** What a filter holds: one text, or a [from, to] pair for a date range. */
export type FilterValue = string | readonly [string, string];
export type FilterValues = Readonly<Record<string, FilterValue>>;

export interface Option {
  value: string;
  label: string;
  /** Nesting depth when the options are a flattened tree (departments, groups). */
  depth?: number;
}

/** Options given directly or loaded when the filter or field first shows. */
export type Options = readonly Option[] | (() => Promise<readonly Option[]>);

export type FilterDef =
  | { kind: 'text'; name: string; labelKey: string }
  | { kind: 'select'; name: string; labelKey: string; options: Options }
  | {
      kind: 'dateRange';
      name: string;
      labelKey: string;
      /** Earliest day the pickers offer (YYYY-MM-DD). */
      min?: () => string;
      /** Latest day the calendar offers (YYYY-MM-DD), e.g. today where the future has nothing. */
      max?: () => string;
      /** A rule over [from, to] (YYYY-MM-DD, '' when empty); a message keeps the range from applying. */
      check?: (from: string, to: string) => ValidationMessage | null;
    };

/** The page asked for (shared/api/resource.ts PageQuery: 1-based page, rows per page) and the filters. */
export interface ListQuery extends PageQuery {
  filters: FilterValues;
}

/** One page of rows (shared/api/resource.ts Page: SPEC §9 cap and total markers there). */
export type ListResult<Row> = Omit<Page<Row>, 'rows'> & { rows: readonly Row[] };

export interface ColumnDef<Row> {
  id: string;
  headerKey: string;
  cell: (row: Row) => ReactNode;
}

/** A form value: text inputs hold strings, multi-selects string lists, checkboxes booleans. */
export type FormValue = string | readonly string[] | boolean;
export type FormValues = Record<string, FormValue>;

export type FieldDef = FieldKind & {
  /** Shown only while this holds for the values being typed (e.g. a target's own parameters). */
  visible?: (values: FormValues) => boolean;
};

export type FieldKind =
  | {
      kind: 'text' | 'password' | 'email' | 'tel' | 'textarea';
      name: string;
      labelKey: string;
      autoComplete?: string;
      /** Read-only when editing (e.g. an account name). */
      fixedOnEdit?: boolean;
    }
  | { kind: 'select'; name: string; labelKey: string; options: Options; multiple?: boolean; emptyLabelKey?: string }
  | { kind: 'checkbox'; name: string; labelKey: string }
  /** A page's own editor for one value (e.g. a list of actions held as JSON text). */
  | { kind: 'custom'; name: string; labelKey: string; render: (props: CustomFieldProps) => ReactNode };

export interface CustomFieldProps {
  value: FormValue | undefined;
  onChange: (value: FormValue) => void;
  /** For the editor's group element: the label points at it, the message describes it. */
  groupProps: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };
}

/** A check that needs the platform (uniqueness while typing); null when fine. */
export type RemoteCheck = (value: string, editing: boolean) => Promise<ValidationMessage | null>;

export interface FormDef<Row> {
  fields: (row: Row | null) => readonly FieldDef[];
  schema: (row: Row | null) => Schema;
  initial: (row: Row | null) => FormValues;
  save: (values: FormValues, row: Row | null) => Promise<unknown>;
  remote?: Readonly<Record<string, RemoteCheck>>;
  /** Live notes under fields, computed from the values being typed (null: none). */
  hints?: Readonly<Record<string, (values: FormValues) => string | null>>;
  wide?: boolean;
}

export interface RowAction<Row> {
  key: string;
  labelKey: string;
  run: (row: Row, reload: () => void) => void | Promise<unknown>;
  show?: (row: Row) => boolean;
  /** Element right the action needs (SPEC §6); none means every user with the page. */
  right?: string;
}

export type Right = 'create' | 'edit' | 'remove' | 'import' | 'export';

export interface ResourceDef<Row> {
  /** data-resource attribute and test hook, e.g. 'user'. */
  id: string;
  titleKey: string;
  rowKey: (row: Row) => string | number;
  /** The row's name in confirmations and in the row checkbox's accessible name. */
  rowName: (row: Row) => string;
  columns: readonly ColumnDef<Row>[];
  filters?: readonly FilterDef[];
  list: (query: ListQuery, signal: AbortSignal) => Promise<ListResult<Row>>;
  pageSize?: number;
  form?: FormDef<Row>;
  /** Deletes the rows (after the typed confirmation). */
  remove?: (rows: readonly Row[]) => Promise<unknown>;
  canEdit?: (row: Row) => boolean;
  canRemove?: (row: Row) => boolean;
  importer?: {
    upload: (file: File, skipBad: boolean) => Promise<unknown>;
    template?: () => Promise<unknown>;
  };
  /** Starts an export of everything the filters match, as a background task. */
  exporter?: (filters: FilterValues) => Promise<unknown>;
  /** Element rights per action; an action without one is offered to everyone holding the page. */
  rights?: Partial<Record<Right, string>>;
  rowActions?: readonly RowAction<Row>[];
  /** Toolbar actions over everything the current filters match (e.g. handle all). */
  filterActions?: readonly FilterAction[];
  /** Toolbar actions on the selected rows; `done` clears the selection and reloads. */
  bulkActions?: readonly BulkAction<Row>[];
}

export interface BulkAction<Row> {
  key: string;
  labelKey: string;
  run: (rows: readonly Row[], done: () => void) => void;
  right?: string;
}

export interface FilterAction {
  key: string;
  labelKey: string;
  run: (filters: FilterValues, done: () => void) => void;
}
