// The server half of the resource kit: what every management route shares — paging parsed once
// (limit capped), the shared SPEC §5 schemas applied to JSON bodies, LIKE patterns, tree checks, and
// spreadsheets (exceljs) written and read by background tasks whose files the progress panel offers.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { ProgressKey } from '../../shared/api/progress-types.ts';
import type { Schema as SharedSchema } from '../../shared/validate/index.ts';
import { KEYS } from '../../shared/validate/keys.ts';
import { checkImport } from '../../shared/validate/index.ts';
import type { SessionUser } from './context.ts';
import type { Db } from './db.ts';
import type { TenantData } from './tenant-data.ts';
import type { Lang } from './messages.ts';
import { rule, type Rule, type Schema } from './http.ts';
import { langOf } from './messages.ts';
import { runningCount, startTask, TaskFailure, type Report, type TaskText } from './operations/tasks.ts';

/** The largest page any list answers; SPEC §5 batches are at most 1000 too. */
export const MAX_LIMIT = 1000;
/** Rows one import file may hold (SPEC §5 batches). */
export const MAX_IMPORT_ROWS = 1000;
/** Background tasks one user may run at once. */
export const MAX_RUNNING_TASKS = 5;

/** A list's total stops counting here: SPEC §9 shows more as 20000+. */
export const COUNT_CAP = 20_001;

export interface PageQuery {
  page: number;
  limit: number;
}

/** The paging rules every list body uses. */
export const pageRules: Schema<PageQuery> = {
  page: [rule.required, rule.int(1, 1_000_000)],
  limit: [rule.required, rule.int(1, MAX_LIMIT)],
};

export const offsetOf = (q: PageQuery): number => (q.page - 1) * q.limit;

const WHOLE = { zh: '{field} 必须是 {min} 到 {max} 之间的整数', en: '{field} must be a whole number from {min} to {max}' } as const;

/** A whole number from a query string (absent or empty: `fallback`), or the message saying what it must be. */
export function queryInt(raw: unknown, field: string, min: number, max: number, fallback: number, lang: Lang): number | string {
  if (raw === undefined || raw === '') return fallback;
  // Digits only: not '1e3', '0x10', ' -1' or a key given twice (an array), which Number() would take.
  // A number is a query a contract route has already read (shared/contract: declared as an integer).
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : WHOLE[lang].replace('{field}', field).replace('{min}', String(min)).replace('{max}', String(max));
}

/** Paging of a GET list (query strings page and limit), read the one way every list reads it. */
export function queryPage(raw: { page?: unknown; limit?: unknown }, lang: Lang, maxLimit = MAX_LIMIT, defaultLimit = 20): PageQuery | string {
  const page = queryInt(raw.page, 'page', 1, 1_000_000, 1, lang);
  if (typeof page === 'string') return page;
  const limit = queryInt(raw.limit, 'limit', 1, maxLimit, defaultLimit, lang);
  return typeof limit === 'string' ? limit : { page, limit };
}

/** The placeholders of an SQL `IN (…)` list of n values: '?,?,?'. */
export const inList = (n: number): string => Array.from({ length: n }, () => '?').join(',');

/**
 * Deletes rows of the tenant by id, all or none: null (and nothing deleted) when any id is not one of
 * the tenant's rows, else how many went. `table` is a constant of the calling route, never user input.
 */
export function deleteTenantRows(data: TenantData, table: string, ids: readonly number[]): number | null {
  const marks = inList(ids.length);
  const found = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = $tenant AND id IN (${marks})`, ...ids)!.n;
  if (found !== new Set(ids).size) return null;
  return Number(data.run(`DELETE FROM ${table} WHERE tenant_id = $tenant AND id IN (${marks})`, ...ids).changes);
}

/** The tenant's rows (`$tenant`) whose name contains `keyword` (when given): a WHERE clause and its arguments. */
export function tenantNameKeyword(keyword: string | undefined): { where: string; args: string[] } {
  const k = keyword?.trim();
  return k ? { where: "tenant_id = $tenant AND name LIKE ? ESCAPE '\\'", args: [likePattern(k)] } : { where: 'tenant_id = $tenant', args: [] };
}

/** A substring LIKE pattern (use with ESCAPE '\'), so % and _ in the user's text are literal. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A JSON string (or absent): the shared rules read strings, a number or object must not reach them. */
const stringOrAbsent: Rule = (value) => (value === undefined || value === null || typeof value === 'string' ? null : { key: KEYS.text });

/** The shared form schema as request rules: each field must be a string, then the same SPEC §5 rules as the form. */
export function fromShared<T>(schema: SharedSchema): Schema<T> {
  const rules: Record<string, readonly Rule[]> = {};
  for (const [field, shared] of Object.entries(schema)) rules[field] = [stringOrAbsent, ...shared];
  return rules as Schema<T>;
}

/** An optional list of positive integer ids, at most `max`. */
export const idList =
  (max = MAX_LIMIT): Rule =>
  (value) =>
    value === undefined || value === null || (Array.isArray(value) && value.length <= max && value.every((x) => Number.isInteger(x) && x > 0)) ? null : { key: 'validate.oneOf' };

/** An optional list of short strings (codes), at most `max`. */
export const codeList =
  (max = 500): Rule =>
  (value) =>
    value === undefined || value === null || (Array.isArray(value) && value.length <= max && value.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 64))
      ? null
      : { key: 'validate.oneOf' };

/** A positive integer id, or null/absent. */
export const optionalId: Rule = (value) => (value === undefined || value === null || (Number.isInteger(value) && (value as number) > 0) ? null : { key: KEYS.integer });

/** Whether making `parentId` the parent of `id` would put a node under itself (rows of one tenant). */
export function makesCycle<K>(parents: ReadonlyMap<K, K | null>, id: K, parentId: K | null): boolean {
  for (let at = parentId, steps = 0; at !== null && steps <= parents.size; at = parents.get(at) ?? null, steps++) {
    if (at === id) return true;
  }
  return false;
}

/** Ids of a node and everything below it. */
export function subtree(parents: ReadonlyMap<number, number | null>, id: number): number[] {
  const children = new Map<number, number[]>();
  for (const [child, parent] of parents) if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), child]);
  const out: number[] = [];
  const walk = (n: number) => {
    out.push(n);
    for (const c of children.get(n) ?? []) walk(c);
  };
  walk(id);
  return out;
}

// ---- spreadsheets -------------------------------------------------------------------------------

export interface SheetColumn {
  key: string;
  header: string;
  width?: number;
  /** What a person reads for the stored value (a status code in the export's language). */
  text?: (value: unknown) => unknown;
}

export const exportsDir = (dataDir: string): string => {
  const dir = join(dataDir, 'exports');
  mkdirSync(dir, { recursive: true });
  return dir;
};

/**
 * A text cell a spreadsheet could take for a formula (=, +, -, @, or a tab or carriage return first)
 * gets a leading apostrophe, so opening an export never runs what a user once typed into a field.
 */
export function safeCell(value: unknown): unknown {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export async function writeSheet(path: string, name: string, columns: readonly SheetColumn[], rows: ReadonlyArray<object>): Promise<void> {
  // Streamed to the file row by row, yielding every few hundred rows: a 20000-row export never holds
  // the event loop (or the whole workbook in memory).
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(name);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  const readable = new Map(columns.flatMap((c) => (c.text ? [[c.key, c.text] as const] : [])));
  let n = 0;
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, safeCell(readable.get(k)?.(v) ?? v)]))).commit();
    if (++n % 250 === 0) await yieldToRequests();
  }
  sheet.commit();
  await book.commit();
}

/** Lets waiting requests run before background work goes on. */
export const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface SheetRow {
  /** The row number a person sees in the spreadsheet (header is row 1). */
  line: number;
  values: Record<string, string>;
}

/** Reads the first sheet: headers matched to keys (by the header text in either language), rows as text. */
export async function readSheet(data: Buffer, headers: Readonly<Record<string, readonly string[]>>): Promise<SheetRow[]> {
  const book = new ExcelJS.Workbook();
  // exceljs's typings name an older Buffer type; the loader takes Node's Buffer as it is.
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const keyOf = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell.value).trim();
    for (const [key, names] of Object.entries(headers)) if (names.includes(text)) keyOf.set(col, key);
  });
  const rows: SheetRow[] = [];
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const values: Record<string, string> = {};
    row.eachCell((cell, col) => {
      const key = keyOf.get(col);
      if (key) values[key] = cellText(cell.value).trim();
    });
    if (Object.values(values).some((v) => v !== '')) rows.push({ line, values });
  });
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString();
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return String(value.result ?? '');
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value);
}

/** Starts an export as a background task: rows loaded in the task, written to xlsx, offered for download. */
export function startExport(
  db: Db,
  dataDir: string,
  user: SessionUser,
  options: { key: string; title: TaskText; sheet: string; fileName: string; columns: readonly SheetColumn[]; total: number; load: () => ReadonlyArray<object>; done: (n: number) => TaskText },
): ProgressKey {
  let path = '';
  const started = startTask(
    db,
    user.tenantId,
    user.id,
    options.title,
    async (report: Report) => {
      const rows = options.load();
      report({ current: Math.floor(rows.length / 2), total: rows.length });
      // Let other requests run between loading and writing a large file.
      await yieldToRequests();
      await writeSheet(path, options.sheet, options.columns, rows);
      return { text: options.done(rows.length), file: { path, name: options.fileName } };
    },
    { key: options.key, total: options.total },
  );
  path = join(exportsDir(dataDir), `${options.key}-${user.tenantId}-${started.hashKey}.xlsx`);
  return started;
}

const IMPORT_TEXT = {
  file: { zh: '请上传一个 xls 或 xlsx 文件', en: 'upload one xls or xlsx file' },
  unreadable: { zh: '无法读取该文件；请另存为 xlsx 后重试', en: 'this file cannot be read; save it as xlsx and try again' },
  empty: { zh: '文件中没有数据行', en: 'the file has no data rows' },
  tooMany: { zh: `一次最多导入 ${MAX_IMPORT_ROWS} 行`, en: `at most ${MAX_IMPORT_ROWS} rows per import` },
} as const;

/**
 * Reads an import upload (multipart: `file`, and `skipBad` 'true' to store the good rows anyway): one
 * xls/xlsx file of at most MAX_IMPORT_ROWS data rows, its columns found by `headers`. Answers the rows,
 * or the refusal to send (naming the file field).
 */
export async function readImportUpload(
  request: FastifyRequest,
  headers: Readonly<Record<string, readonly string[]>>,
): Promise<{ rows: SheetRow[]; skipBad: boolean } | { code: number; msg: string; data: { field: string } }> {
  const lang = langOf(request);
  const refuse = (key: keyof typeof IMPORT_TEXT) => ({ code: -1, msg: IMPORT_TEXT[key][lang], data: { field: 'file' } });
  const part = await request.file().catch(() => undefined);
  if (!part) return refuse('file');
  const data = await part.toBuffer();
  const skipBad = (part.fields['skipBad'] as { value?: unknown } | undefined)?.value === 'true';
  if (checkImport({ name: part.filename, type: part.mimetype, size: data.length })) return refuse('file');
  let rows: SheetRow[];
  try {
    rows = await readSheet(data, headers);
  } catch {
    return refuse('unreadable');
  }
  if (rows.length === 0) return refuse('empty');
  if (rows.length > MAX_IMPORT_ROWS) return refuse('tooMany');
  return { rows, skipBad };
}

export interface ImportOutcome {
  /** Rows that failed, with the reason in both languages. */
  bad: Array<{ line: number; values: Record<string, string>; reason: { zh: string; en: string } }>;
}

/**
 * Starts an import as a background task. `check` validates one row (null when fine); unless
 * `skipBad`, one bad row fails the whole import and nothing is stored; `store` writes the good rows
 * in one transaction. Bad rows go to an error report offered for download.
 */
export function startImport(
  db: Db,
  dataDir: string,
  user: SessionUser,
  options: {
    key: string;
    title: string;
    rows: readonly SheetRow[];
    skipBad: boolean;
    columns: readonly SheetColumn[];
    check: (row: SheetRow, seen: Set<string>) => { zh: string; en: string } | null;
    store: (rows: readonly SheetRow[]) => void | Promise<void>;
  },
): ProgressKey {
  let reportPath = '';
  const started = startTask(
    db,
    user.tenantId,
    user.id,
    options.title,
    async (report: Report) => {
      const good: SheetRow[] = [];
      const bad: ImportOutcome['bad'] = [];
      const seen = new Set<string>();
      for (const [i, row] of options.rows.entries()) {
        const reason = options.check(row, seen);
        if (reason) bad.push({ ...row, reason });
        else good.push(row);
        if (i % 100 === 99) {
          report({ current: i + 1, total: options.rows.length });
          await new Promise((r) => setImmediate(r));
        }
      }
      const writeReport = async (lang: 'zh' | 'en') => {
        await writeSheet(reportPath, 'errors', [{ key: 'line', header: lang === 'zh' ? '行号' : 'Row', width: 8 }, ...options.columns, { key: 'reason', header: lang === 'zh' ? '错误原因' : 'Reason', width: 40 }], bad.map((b) => ({ ...b.values, line: b.line, reason: `${b.reason.zh} / ${b.reason.en}` })));
        return { path: reportPath, name: `${options.key}-errors.xlsx` };
      };
      if (bad.length > 0 && !options.skipBad) {
        throw new TaskFailure(
          { zh: `${bad.length} 行有错误（第 ${bad.map((b) => b.line).join('、')} 行），未导入任何数据；请下载错误报告`, en: `${bad.length} rows have errors (rows ${bad.map((b) => b.line).join(', ')}); nothing was imported; download the error report` },
          await writeReport('zh'),
        );
      }
      await options.store(good);
      const text = { zh: `已导入 ${good.length} 行，跳过 ${bad.length} 行`, en: `${good.length} rows imported, ${bad.length} skipped` };
      return bad.length > 0 ? { text, file: await writeReport('zh') } : text;
    },
    { key: options.key, total: options.rows.length },
  );
  reportPath = join(exportsDir(dataDir), `${options.key}-${user.tenantId}-${started.hashKey}-errors.xlsx`);
  return started;
}

/** Refuses starting another task beyond MAX_RUNNING_TASKS (an answer text), else null. */
export function tooManyTasks(request: FastifyRequest, db: Db, user: SessionUser): string | null {
  if (runningCount(db, user.tenantId, user.id) < MAX_RUNNING_TASKS) return null;
  return langOf(request) === 'zh' ? `同时运行的后台任务不能超过 ${MAX_RUNNING_TASKS} 个` : `no more than ${MAX_RUNNING_TASKS} background tasks may run at once`;
}
