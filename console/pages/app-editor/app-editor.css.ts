import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/contract.ts';

export const page = style({
  position: 'fixed',
  inset: 0,
  display: 'grid',
  gridTemplateRows: 'auto minmax(0, 1fr)',
  gridTemplateColumns: '200px minmax(0, 1fr) 280px',
  gridTemplateAreas: '"bar bar bar" "left canvas right"',
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeSm,
});

export const bar = style({ gridArea: 'bar', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6, padding: '6px 10px', borderBottom: `1px solid ${vars.color.border}`, background: vars.color.surface });
export const title = style({ fontSize: vars.font.sizeMd, fontWeight: 600, marginRight: 8 });
export const sep = style({ width: 1, alignSelf: 'stretch', background: vars.color.border, margin: '0 4px' });
export const status = style({ marginLeft: 'auto', color: vars.color.textMuted });

export const left = style({ gridArea: 'left', display: 'flex', flexDirection: 'column', minHeight: 0, borderRight: `1px solid ${vars.color.border}`, background: vars.color.surface });
export const right = style({ gridArea: 'right', overflow: 'auto', padding: 10, borderLeft: `1px solid ${vars.color.border}`, background: vars.color.surface, display: 'flex', flexDirection: 'column', gap: 8 });
export const heading = style({ margin: '8px 10px 4px', fontSize: vars.font.sizeSm, fontWeight: 600, color: vars.color.textMuted, textTransform: 'uppercase' });

export const palette = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, padding: '0 8px' });
export const tool = style({
  all: 'unset',
  boxSizing: 'border-box',
  padding: '6px 4px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  textAlign: 'center',
  cursor: 'grab',
  selectors: { '&:hover': { background: vars.color.surfaceRaised }, '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});

export const layers = style({ listStyle: 'none', margin: 0, padding: '0 4px 8px', overflow: 'auto', flex: 1, minHeight: 0 });
export const layer = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'block',
  width: '100%',
  padding: '3px 6px',
  borderRadius: vars.radius.sm,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.primary, color: vars.color.onPrimary }, '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});

export const canvasArea = style({ gridArea: 'canvas', overflow: 'auto', position: 'relative', outline: 'none', background: `repeating-conic-gradient(${vars.color.bg} 0 25%, ${vars.color.surface} 0 50%) 0 0 / 24px 24px` });
export const stageWrap = style({ position: 'relative', margin: 40 });
export const stage = style({ position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', background: vars.color.surface, boxShadow: '0 0 0 1px #0006, 0 8px 30px #0008', overflow: 'visible' });
export const box = style({ position: 'absolute', boxSizing: 'border-box', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', cursor: 'move', selectors: { '&[data-locked="true"]': { cursor: 'default' } } });
export const boxSelected = style({ outline: `1px dashed ${vars.color.primary}` });
export const bgImage = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', pointerEvents: 'none' });

export const field = style({ display: 'grid', gridTemplateColumns: '84px minmax(0, 1fr)', alignItems: 'center', gap: 6 });
export const pair = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 });
export const small = style({ width: '100%', minWidth: 0, boxSizing: 'border-box' });
// Two fields side by side (x/y, width/height): each label sits above its input, so the number has
// the whole half of the panel (beside the label it had ~36 px and was unreadable).
globalStyle(`${pair} > ${field}`, { gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 });
export const alert = style({ gridColumn: '1 / -1', padding: '6px 10px', background: vars.color.danger, color: '#1a0000', display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' });
export const hint = style({ color: vars.color.textMuted, margin: 0 });
