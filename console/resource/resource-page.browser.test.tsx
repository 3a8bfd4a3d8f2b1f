// The resource kit in Chromium: a page declared over an in-memory list (the test controls the data
// and the failures), exercised the way a user would — paging with the SPEC §9 totals, filters,
// the typed delete confirmation, the form with the shared rules and the platform's field message,
// loading/empty/error states, rights, and the list keyboard model.
import { expect } from 'chai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { until } from '../../shared/element/testing.ts';
import { onNotice, RequestError, type Notice } from '../../shared/http/index.ts';
import { i18n, setLanguage } from '../../shared/i18n/index.ts';
import { session } from '../../shared/session/store.ts';
import { length, required } from '../../shared/validate/index.ts';
import { ResourcePage } from './resource-page.tsx';
import type { ListQuery, ResourceDef } from './types.ts';

// React's act() flushes renders; it asks to be told the environment supports it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Person {
  id: number;
  name: string;
  team: string;
}

let root: Root | null = null;
let host: HTMLElement;

function world(count: number) {
  const people: Person[] = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Person ${String(i + 1).padStart(3, '0')}`, team: i % 2 ? 'Blue' : 'Red' }));
  const calls: ListQuery[] = [];
  const state = { fail: null as string | null, total: null as number | null, saveError: null as RequestError | null, removed: [] as number[] };
  const matches = (q: ListQuery) => people.filter((p) => (!q.filters.name || p.name.includes(String(q.filters.name))) && (!q.filters.team || p.team === q.filters.team));
  const def: ResourceDef<Person> = {
    id: 'person',
    operation: 'user.page',
    titleKey: 'resource.actions',
    rowKey: (p) => p.id,
    rowName: (p) => p.name,
    columns: [
      { id: 'name', headerKey: 'resource.edit', field: 'name', cell: (p) => p.name },
      { id: 'team', headerKey: 'resource.remove', field: 'team', cell: (p) => p.team },
    ],
    filters: [
      { kind: 'text', name: 'name', labelKey: 'resource.search' },
      { kind: 'select', name: 'team', labelKey: 'resource.reset', options: [{ value: 'Red', label: 'Red' }, { value: 'Blue', label: 'Blue' }] },
    ],
    list: async (q) => {
      calls.push(q);
      if (state.fail) throw new RequestError(state.fail, -1, 200);
      const rows = matches(q);
      return { rows: rows.slice((q.page - 1) * q.limit, q.page * q.limit), total: state.total ?? rows.length };
    },
    pageSize: 10,
    form: {
      fields: () => [{ kind: 'text', name: 'name', labelKey: 'resource.save', rules: [required(), length(2, 20)], initial: (p) => p?.name ?? '' }],
      save: async (v, p) => {
        if (state.saveError) throw state.saveError;
        if (p) p.name = String(v.name);
        else people.unshift({ id: people.length + 1, name: String(v.name), team: 'Red' });
      },
    },
    remove: async (rows) => {
      for (const r of rows) {
        state.removed.push(r.id);
        people.splice(people.indexOf(r), 1);
      }
    },
    rights: { remove: 'person:del' },
  };
  return { people, calls, state, def };
}

async function render(def: ResourceDef<Person>) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <I18nextProvider i18n={i18n}>
        <ResourcePage def={def} />
      </I18nextProvider>,
    );
  });
}

const rows = () => [...host.querySelectorAll<HTMLTableRowElement>('tbody tr[data-row]')];
const total = () => host.querySelector('[data-testid=resource-total]')?.textContent ?? '';
const dialog = (testId: string) => document.querySelector<HTMLElement>(`[data-testid=${testId}]`);
const button = (scope: ParentNode, text: string) => [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === text) ?? null;

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function click(el: HTMLElement | null) {
  if (!el) throw new Error('nothing to click');
  await act(async () => el.click());
}

describe('ResourcePage', () => {
  before(async () => {
    await setLanguage('en');
  });
  beforeEach(() => {
    session.elements = { 'person:del': true };
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    host.remove();
    root = null;
  });

  it('pages through the rows with the total, and shows the 20000+ and no-total markers', async () => {
    const w = world(25);
    await render(w.def);
    await until(() => rows().length === 10);
    expect(total()).to.equal('Total 25');
    await click(host.querySelector<HTMLElement>('[data-part=item][data-index="3"], [aria-label="Page 3"]'));
    await until(() => rows().length === 5);
    expect(rows()[0]!.textContent).to.contain('Person 021');
    expect(w.calls.at(-1)).to.include({ page: 3, limit: 10 });

    w.state.total = 20001;
    await click(button(host, 'Search'));
    await until(() => total() === 'Total 20000+');
    w.state.total = -1;
    await click(button(host, 'Search'));
    await until(() => total() === 'Total unknown');
    const next = host.querySelector<HTMLButtonElement>('button[aria-label="Next page"]')!;
    expect(next.disabled, 'a full page may have a next one').to.equal(false);
  });

  it('filters on Search and on a select at once, back on page 1', async () => {
    const w = world(25);
    await render(w.def);
    await until(() => rows().length === 10);
    await type(host.querySelector<HTMLInputElement>('input[name=name]')!, 'Person 00');
    expect(w.calls.length, 'typing alone does not search').to.equal(1);
    await click(button(host, 'Search'));
    await until(() => rows().length === 9);
    const select = host.querySelector<HTMLSelectElement>('select[name=team]')!;
    await act(async () => {
      select.value = 'Blue';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => rows().length === 4);
    expect(w.calls.at(-1)!.filters).to.deep.equal({ name: 'Person 00', team: 'Blue' });
    expect(w.calls.at(-1)!.page).to.equal(1);
  });

  it('deletes the selected rows only after the word delete is typed', async () => {
    const w = world(12);
    await render(w.def);
    await until(() => rows().length === 10);
    const removeSelected = button(host, 'Delete selected')!;
    expect(removeSelected.disabled).to.equal(true);
    await click(rows()[0]!.querySelector('input[type=checkbox]'));
    await click(rows()[1]!.querySelector('input[type=checkbox]'));
    expect(total()).to.equal('2 selected · Total 12');
    await click(removeSelected);
    const confirm = await until(() => dialog('confirm-delete'));
    expect(confirm.textContent).to.contain('Person 001').and.contain('Person 002');
    await type(confirm.querySelector<HTMLInputElement>('input[name=confirm]')!, 'delet');
    await click(button(confirm, 'Delete'));
    await until(() => confirm.querySelector('[role=alert]'));
    expect(w.state.removed).to.deep.equal([]);
    await type(confirm.querySelector<HTMLInputElement>('input[name=confirm]')!, 'delete');
    await click(button(confirm, 'Delete'));
    await until(() => !dialog('confirm-delete'));
    expect(w.state.removed).to.deep.equal([1, 2]);
    await until(() => total() === 'Total 10');
  });

  it('hides delete without the right', async () => {
    session.elements = {};
    const w = world(3);
    await render(w.def);
    await until(() => rows().length === 3);
    expect(button(host, 'Delete selected')).to.equal(null);
    expect(host.querySelector('[data-action=delete]')).to.equal(null);
    expect(host.querySelector('tbody input[type=checkbox]')).to.equal(null);
  });

  it('checks the form with the shared rules and shows the platform message beside its field', async () => {
    const w = world(3);
    await render(w.def);
    await until(() => rows().length === 3);
    await click(button(host, 'Add'));
    const form = await until(() => dialog('resource-form'));
    await type(form.querySelector<HTMLInputElement>('input[name=name]')!, 'x');
    await click(button(form, 'Save'));
    const alert = await until(() => form.querySelector('[role=alert]'));
    expect(alert.textContent).to.match(/2.*20/);

    w.state.saveError = new RequestError('Name already exists', -1, 200, 'name');
    await type(form.querySelector<HTMLInputElement>('input[name=name]')!, 'Person 001');
    await click(button(form, 'Save'));
    await until(() => form.querySelector('[role=alert]')?.textContent === 'Name already exists');
    expect(form.querySelector('input[name=name]')!.getAttribute('aria-invalid')).to.equal('true');
    expect(dialog('resource-form'), 'the form stays open with its input').to.not.equal(null);

    w.state.saveError = null;
    await type(form.querySelector<HTMLInputElement>('input[name=name]')!, 'Newcomer');
    await click(button(form, 'Save'));
    await until(() => !dialog('resource-form'));
    await until(() => rows()[0]?.textContent?.includes('Newcomer'));
  });

  // SPEC §8 "Success messages: delete success, add success": a saved new row is announced as added,
  // in the user's language; a refused save or a cancelled form announces nothing.
  it('says "add success" once a new row is saved, and nothing when the save is refused or cancelled', async () => {
    const notices: Notice[] = [];
    const stop = onNotice((n) => notices.push(n));
    try {
      const w = world(2);
      await render(w.def);
      await until(() => rows().length === 2);
      await click(button(host, 'Add'));
      let form = await until(() => dialog('resource-form'));
      w.state.saveError = new RequestError('Name already exists', -1, 200, 'name');
      await type(form.querySelector<HTMLInputElement>('input[name=name]')!, 'Person 001');
      await click(button(form, 'Save'));
      await until(() => form.querySelector('[role=alert]')?.textContent === 'Name already exists');
      await click(button(form, 'Cancel'));
      await until(() => !dialog('resource-form'));
      expect(notices.filter((n) => n.level === 'success')).to.deep.equal([]);

      w.state.saveError = null;
      await click(button(host, 'Add'));
      form = await until(() => dialog('resource-form'));
      await type(form.querySelector<HTMLInputElement>('input[name=name]')!, 'Newcomer');
      await click(button(form, 'Save'));
      await until(() => !dialog('resource-form'));
      const success = notices.filter((n) => n.level === 'success');
      expect(success.map((n) => [n.kind, n.key])).to.deep.equal([['toast', 'common.addSuccess']]);
      expect(i18n.t(success[0]!.key!)).to.equal('Add success');
      expect(i18n.getFixedT('zh')(success[0]!.key!)).to.equal('添加成功');
    } finally {
      stop();
    }
  });

  it('hands a custom field its value and change, checks it with the schema and saves what it set', async () => {
    const w = world(1);
    const saved: unknown[] = [];
    const def: ResourceDef<Person> = {
      ...w.def,
      form: {
        fields: () => [
          {
            kind: 'custom',
            name: 'tags',
            labelKey: 'resource.save',
            render: ({ value, onChange, groupProps }) => (
              <div role="group" {...groupProps} data-part="tags">
                <span data-part="count">{String(value)}</span>
                <button type="button" onClick={() => onChange(`${String(value)}+`)}>
                  More
                </button>
              </div>
            ),
            rules: [length(2, 5)],
            initial: 'a',
          },
        ],
        save: async (v) => {
          saved.push(v.tags);
        },
      },
    };
    await render(def);
    await until(() => rows().length === 1);
    await click(button(host, 'Add'));
    const form = await until(() => dialog('resource-form'));
    await click(button(form, 'Save'));
    const alert = await until(() => form.querySelector('[role=alert]'));
    expect(alert.textContent).to.match(/2.*5/);
    expect(form.querySelector('[data-part=tags]')!.getAttribute('aria-invalid')).to.equal('true');
    await click(button(form, 'More'));
    expect(form.querySelector('[data-part=count]')!.textContent).to.equal('a+');
    await click(button(form, 'Save'));
    await until(() => !dialog('resource-form'));
    expect(saved).to.deep.equal(['a+']);
  });

  it('shows loading, then an error with retry, then the empty state', async () => {
    const w = world(0);
    w.state.fail = 'boom';
    await render(w.def);
    const alert = await until(() => host.querySelector('tbody [role=alert]'));
    expect(alert.textContent).to.contain('boom');
    w.state.fail = null;
    await click(button(host, 'Retry'));
    await until(() => host.querySelector('tbody [data-state=empty]')?.textContent === 'No data');
  });

  it('moves between rows with the arrow keys', async () => {
    const w = world(5);
    await render(w.def);
    await until(() => rows().length === 5);
    const first = rows()[0]!.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    first.focus();
    await act(async () => first.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    expect(document.activeElement).to.equal(rows()[1]!.querySelector('input[type=checkbox]'));
    await act(async () => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })));
    expect(document.activeElement).to.equal(rows()[4]!.querySelector('input[type=checkbox]'));
  });
});
