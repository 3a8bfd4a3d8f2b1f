import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/contract.ts';
import { drawer as themeDrawer } from '../../shell/theme-settings.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, height: 'calc(100vh - 160px)', minHeight: 420, minWidth: 0 });
export const list = style({ display: 'block', flex: 1, minHeight: 360, minWidth: 0 });

export const viewSwitch = style({ display: 'inline-flex', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, overflow: 'hidden', alignSelf: 'flex-start' });
export const viewButton = style({
  all: 'unset',
  cursor: 'pointer',
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
  color: vars.color.text,
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.primary, color: vars.color.onPrimary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

// The drawer's readings (the cards are the device list element's: widgets/device-list/device-cards.css.ts).
export const readingName = style({ color: vars.color.textMuted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', margin: 0 });
export const readingValue = style({ margin: 0, fontVariantNumeric: 'tabular-nums', textAlign: 'right' });

/** The device drawer: the shell's side drawer (theme settings), wider for readings and a camera. */
export const drawer = style([themeDrawer, { width: 520 }]);
export const drawerHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const sectionTitle = style({ margin: 0, fontSize: vars.font.sizeMd });
export const info = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '2px 12px', margin: 0, fontSize: vars.font.sizeSm });
