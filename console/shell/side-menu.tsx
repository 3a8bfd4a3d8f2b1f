// The side menu (SPEC §2 "Shell"): entries by the user's rights, one submenu open at a time; when the
// sidebar is collapsed a group opens as a flyout menu. Server names are rendered as text only, and a
// uri is followed only when it is an in-app path or an https URL.
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../../shared/session/index.ts';
import { LAYOUT_ROUTES } from '../router/route-table.ts';
import { Icon } from './icons.tsx';
import * as css from './layout.css.ts';
import { buildSideMenu, groupOfPath, isActive, type Label, type MenuGroup, type MenuLeaf } from './side-menu-model.ts';

function useLabel(): (label: Label) => string {
  const { t } = useTranslation();
  return (label) => ('text' in label ? label.text : t(label.key));
}

function LeafEntry({ leaf, sub, collapsed, onNavigate }: { leaf: MenuLeaf; sub: boolean; collapsed: boolean; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const label = useLabel()(leaf.label);
  const { pathname } = useLocation();
  const className = sub ? css.subEntry : css.entry;
  const icon = sub ? null : <Icon name={leaf.icon} />;
  // A label too long for the sidebar wraps to a second line, and beyond that shows in full on hover.
  const text = (
    <span className={css.entryText} title={label}>
      {label}
    </span>
  );
  const hint = collapsed ? label : undefined;
  if (leaf.target?.kind === 'internal') {
    return (
      <Link className={className} to={leaf.target.to} aria-current={isActive(leaf, pathname) ? 'page' : undefined} title={hint} aria-label={hint} onClick={onNavigate}>
        {icon}
        {text}
      </Link>
    );
  }
  if (leaf.target?.kind === 'external') {
    return (
      <a className={className} href={leaf.target.href} target="_blank" rel="noopener noreferrer" title={hint} aria-label={hint}>
        {icon}
        {text}
      </a>
    );
  }
  return (
    <span className={className} aria-disabled="true" title={t('shell.menu.unavailable')} data-testid="menu-entry-unavailable">
      {icon}
      {text}
    </span>
  );
}

function FlyoutGroup({ group, onNavigate }: { group: MenuGroup; onNavigate?: (() => void) | undefined }) {
  const label = useLabel();
  const navigate = useNavigate();
  const follow = (id: string) => {
    const leaf = group.children.find((c) => c.id === id);
    if (leaf?.target?.kind === 'internal') {
      void navigate(leaf.target.to);
      onNavigate?.();
    } else if (leaf?.target?.kind === 'external') {
      window.open(leaf.target.href, '_blank', 'noopener,noreferrer');
    }
  };
  return (
    <Menu.Root positioning={{ placement: 'right-start', gutter: 4 }} onSelect={(d) => follow(d.value)}>
      <Menu.Trigger className={css.entry} title={label(group.label)} aria-label={label(group.label)}>
        <Icon name={group.icon} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={css.flyout}>
            {group.children.map((leaf) => (
              <Menu.Item key={leaf.id} value={leaf.id} className={css.flyoutItem} disabled={leaf.target === null}>
                {label(leaf.label)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { user, menus } = useSnapshot(session);
  const { pathname } = useLocation();
  const entries = useMemo(() => buildSideMenu(user?.menus ?? [], LAYOUT_ROUTES, menus), [user, menus]);
  const [open, setOpen] = useState<string | null>(() => groupOfPath(entries, pathname));
  const [shownPath, setShownPath] = useState(pathname);

  // Arriving at a page by tab, link or address opens the group that holds it (and closes the others).
  if (shownPath !== pathname) {
    setShownPath(pathname);
    const group = groupOfPath(entries, pathname);
    if (group) setOpen(group);
  }

  return (
    <nav className={css.nav} aria-label={t('shell.menu.label')} data-testid="side-menu">
      <ul className={css.menuList}>
        {entries.map((entry) => (
          <li key={entry.id} data-testid="menu-entry">
            {entry.kind === 'leaf' ? (
              <LeafEntry leaf={entry} sub={false} collapsed={collapsed} onNavigate={onNavigate} />
            ) : collapsed ? (
              <FlyoutGroup group={entry} onNavigate={onNavigate} />
            ) : (
              <>
                <button
                  type="button"
                  className={css.entry}
                  aria-expanded={open === entry.id}
                  aria-controls={`menu-group-${entry.id}`}
                  onClick={() => setOpen((current) => (current === entry.id ? null : entry.id))}
                >
                  <Icon name={entry.icon} />
                  <span className={css.entryText} title={label(entry.label)}>
                    {label(entry.label)}
                  </span>
                  <Icon name="chevron" size={14} className={css.chevron} />
                </button>
                <ul id={`menu-group-${entry.id}`} className={css.menuList} hidden={open !== entry.id}>
                  {entry.children.map((leaf) => (
                    <li key={leaf.id}>
                      <LeafEntry leaf={leaf} sub collapsed={false} onNavigate={onNavigate} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
