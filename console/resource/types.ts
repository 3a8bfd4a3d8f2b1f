// The declaration a management page gives the resource kit: how to list, filter, show, edit, delete,
// import and export one kind of record. The kit draws everything else (SPEC §5 and §9 behaviour).
// A declaration is a module-level value (console/resource/resource-defs.test.ts loads every page's
// and checks it against its operation's schemas in shared/contract): what it needs at run time — the
// translation, the page's own state and dialogs — reaches its functions as their last argument, `env`.
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Page, PageQuery } from '../../shared/api/resource.ts';
import type { Rule, ValidationMessage } from '../../shared/validate/index.ts';

/** What the kit hands a declaration's functions: the translation, and the page's own state and actions (ResourcePage's `page`). */
export interface Env<Page = unknown> {
  t: TFunction;
  page: Page;
}

/** What a filter holds: one text, or a [from, to] pair for a date range. */
export type FilterValue = string | readonly [string, string];
export type FilterValues = Readonly<Record<string, FilterValue>>;

export interface Option {
  value: string;
  /** The text shown; or `labelKey`, translated when shown (options declared at module level). */
  label?: string;
  labelKey?: string;
  /** Nesting depth when the options are a flattened tree (departments, groups). */
  depth?: number;
}

/** Options given directly or loaded when the filter or field first shows. */
export type Options = readonly Option[] | (() => Promise<readonly Option[]>);

/** The query fields a filter fills (checked against the operation's query schema); default [name]. */
type FilterQuery = { query?: readonly string[] };

export type FilterDef = FilterQuery &
  (
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
    }
  );

/** The page asked for (shared/api/resource.ts PageQuery: 1-based page, rows per page) and the filters. */
export interface ListQuery extends PageQuery {
  filters: FilterValues;
}

/** One page of rows (shared/api/resource.ts Page: SPEC §9 cap and total markers there). */
export type ListResult<Row> = Omit<Page<Row>, 'rows'> & { rows: readonly Row[] };

/** A field of the row (a key of its answer's row schema). */
export type RowField<Row> = keyof Row & string;

export interface ColumnDef<Row, Page = unknown> {
  id: string;
  headerKey: string;
  /** The answer's row field(s) the column shows (checked against the operation's row schema). */
  field: RowField<Row> | readonly RowField<Row>[];
  /** What the cell shows; without it, the one field's value as text. */
  cell?: (row: Row, env: Env<Page>) => ReactNode;
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

/**
 * How a field's typed value goes into the body sent: 'text' trimmed (text-like inputs and single
 * selects by default), 'raw' as typed (passwords and custom editors by default), 'number', 'id' (a
 * number, or null when empty), 'ids' (a multi-select's numbers), 'list' (a multi-select's texts, its
 * default), 'flag' (a checkbox's boolean, its default), 'json' (a custom editor's JSON text, parsed:
 * a list of actions, an object), or false: not sent.
 */
export type BodyAs = 'text' | 'raw' | 'number' | 'id' | 'ids' | 'list' | 'flag' | 'json' | false;

/** A form field declared once: what it shows, its rules, the value it opens with, and how it goes into the body. */
export type FormField<Row = unknown, Page = unknown> = FieldDef & {
  rules?: readonly Rule[];
  /** The value for a new row (row null) or the row being edited; default '' ([] for a multi-select, false for a checkbox). */
  initial?: FormValue | ((row: Row | null, env: Env<Page>) => FormValue);
  as?: BodyAs;
};

/** The body a form derives from its fields' values (see BodyAs): text, numbers, ids, flags, lists. */
export type FormBody = Readonly<Record<string, unknown>>;

/**
 * A form declared once: each field with its rules and initial value; the kit derives the schema, the
 * values the form opens with and the body `save` sends.
 */
export interface FormDef<Row, Page = unknown> {
  fields: (row: Row | null, env: Env<Page>) => readonly FormField<Row, Page>[];
  /** Sends the derived body; values sent without a field (an id, a row's own values) it takes from `row` or `env`. */
  save: (body: FormBody, row: Row | null, env: Env<Page>) => Promise<unknown>;
  remote?: Readonly<Record<string, RemoteCheck>>;
  /**
   * The operations ('domain.name' in shared/contract) whose body `save` sends: `create` for a new row,
   * `update` for a row being edited; `at` names the body property a field fills where it is not the
   * field's own name (e.g. groupName: 'name', secret: 'config.secret'). console/resource/form-contract.test.ts
   * checks each field's length and range rules against those properties' bounds.
   */
  saves?: FormSaves;
  /** Live notes under fields, computed from the values being typed (null: none). */
  hints?: Readonly<Record<string, (values: FormValues, env: Env<Page>) => string | null>>;
  wide?: boolean;
}

export interface FormSaves {
  create?: string;
  update?: string;
  at?: Readonly<Record<string, string>>;
}

export interface RowAction<Row, Page = unknown> {
  key: string;
  labelKey: string;
  run: (row: Row, reload: () => void, env: Env<Page>) => void | Promise<unknown>;
  show?: (row: Row, env: Env<Page>) => boolean;
  /** Element right the action needs (SPEC §6); none means every user with the page. */
  right?: string;
}

export type Right = 'create' | 'edit' | 'remove' | 'import' | 'export';

export interface ResourceDef<Row, Page = unknown> {
  /** data-resource attribute and test hook, e.g. 'user'. */
  id: string;
  /** The list operation in shared/contract ('domain.name' in DOMAINS): its answer's rows hold the columns' fields, its query the filters'. */
  operation: string;
  /** Filters the page sets from outside the filter bar (ResourcePage's `scope`, e.g. the chosen department): query fields too. */
  scope?: readonly string[];
  titleKey: string;
  rowKey: (row: Row) => string | number;
  /** The row's name in confirmations and in the row checkbox's accessible name. */
  rowName: (row: Row) => string;
  columns: readonly ColumnDef<Row, Page>[];
  filters?: readonly FilterDef[];
  list: (query: ListQuery, signal: AbortSignal) => Promise<ListResult<Row>>;
  pageSize?: number;
  form?: FormDef<Row, Page>;
  /** Deletes the rows (after the typed confirmation). */
  remove?: (rows: readonly Row[], env: Env<Page>) => Promise<unknown>;
  canEdit?: (row: Row, env: Env<Page>) => boolean;
  canRemove?: (row: Row, env: Env<Page>) => boolean;
  importer?: {
    upload: (file: File, skipBad: boolean) => Promise<unknown>;
    template?: () => Promise<unknown>;
  };
  /** Starts an export of everything the filters match, as a background task. */
  exporter?: (filters: FilterValues, env: Env<Page>) => Promise<unknown>;
  /** Element rights per action; an action without one is offered to everyone holding the page. */
  rights?: Partial<Record<Right, string>>;
  rowActions?: readonly RowAction<Row, Page>[];
  /** Toolbar actions over everything the current filters match (e.g. handle all). */
  filterActions?: readonly FilterAction<Page>[];
  /** Toolbar actions on the selected rows; `done` clears the selection and reloads. */
  bulkActions?: readonly BulkAction<Row, Page>[];
}

export interface BulkAction<Row, Page = unknown> {
  key: string;
  labelKey: string;
  run: (rows: readonly Row[], done: () => void, env: Env<Page>) => void;
  right?: string;
}

export interface FilterAction<Page = unknown> {
  key: string;
  labelKey: string;
  run: (filters: FilterValues, done: () => void, env: Env<Page>) => void;
  /** Offered only while this holds (e.g. the user holds the menu the action leads to); default always. */
  show?: (env: Env<Page>) => boolean;
}
