import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/index.ts';

export const screen = style({
  minHeight: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  padding: vars.space.xl,
  background: `linear-gradient(180deg, ${vars.color.navBg}, ${vars.color.bg})`,
});

export const top = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const title = style({ margin: 0, fontSize: 28, fontWeight: 600, letterSpacing: 1 });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const cards = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: vars.space.lg, margin: 0, padding: 0 });

export const card = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid ${vars.color.primary}`,
});

export const cardLabel = style({ margin: 0, color: vars.color.textMuted });

export const cardValue = style({ margin: 0, fontSize: 32, fontWeight: 700, color: vars.color.text });

export const titleRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' });

export const cardLink = style({ color: 'inherit', textDecoration: 'underline', textUnderlineOffset: 4 });

/** Charts and lists: two columns on a wide screen, one on a narrow one. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
  gap: vars.space.lg,
});

export const panel = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
  minHeight: 0,
});

export const wide = style({ gridColumn: '1 / -1' });

export const panelTitle = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600, color: vars.color.text });

export const chart = style({ width: '100%', height: 260, minHeight: 0 });

export const liveList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs, overflow: 'auto' });

export const liveTime = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const camera = style({ display: 'block', width: '100%', aspectRatio: '16 / 9' });

/**
 * Large screen: the whole window, every part sized from the window (vh/vw), so 1920x1080 and
 * 3840x2160 both fill exactly, without scrollbars.
 */
export const large = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  overflow: 'hidden',
  gap: '1.2vh',
  padding: '1.5vh 1.5vw',
  fontSize: 'clamp(14px, 0.9vw, 40px)',
});

const inLarge = (child: string, rule: Parameters<typeof globalStyle>[1]) => globalStyle(`${large} ${child}`, rule);
inLarge(grid, { flex: 1, minHeight: 0, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gridAutoRows: 'minmax(0, 1fr)', gap: '1.2vh' });
inLarge(chart, { height: '100%', flex: 1 });
inLarge(panel, { padding: '1vh 1vw', overflow: 'hidden' });
inLarge(panelTitle, { fontSize: 'clamp(16px, 1vw, 44px)' });
inLarge(cardValue, { fontSize: 'clamp(28px, 2vw, 88px)' });
inLarge(title, { fontSize: 'clamp(24px, 1.6vw, 72px)' });
inLarge(cards, { gridTemplateColumns: 'repeat(auto-fit, minmax(0, 1fr))', gap: '1vw' });
inLarge(card, { padding: '1vh 1vw' });
// The live list keeps its newest alarms in view and clips the rest: a wall screen has no scrollbars.
inLarge(liveList, { overflow: 'hidden' });

export const rightsList = style({ display: 'flex', flexWrap: 'wrap', gap: '6px 16px', margin: 0, padding: 0, listStyle: 'none', fontSize: vars.font.sizeSm });
