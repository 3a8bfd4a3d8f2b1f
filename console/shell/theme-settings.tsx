// Theme settings (SPEC §2 "Theme drawer"): three themes, the active colour and the navigation
// background with preset colours, reset and save. Choices apply at once (preview); save stores them
// for this user name; closing without saving puts the stored theme back.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { applyTheme, DEFAULT_THEME, loadTheme, saveTheme, session, settings, THEME_DEFAULTS, type ThemeName, type ThemeSetting } from '../../shared/session/index.ts';
import { notify } from '../../shared/http/index.ts';
import { button, buttonGhost, input } from '../../shared/theme/base.css.ts';
import * as css from './theme-settings.css.ts';

const THEMES: ReadonlyArray<{ name: ThemeName; key: string }> = [
  { name: 'blue-theme', key: 'shell.theme.blue' },
  { name: 'dark-theme', key: 'shell.theme.dark' },
  { name: 'light-theme', key: 'shell.theme.light' },
];

/** SPEC §9 colours plus a few common ones. */
export const ACTIVE_PRESETS = ['#8D98FF', '#409EFF', '#1890FF', '#13C2C2', '#52C41A', '#FAAD14', '#F5222D', '#722ED1'] as const;
export const NAV_PRESETS = ['#171E37', '#191919', '#304156', '#001529', '#1F2D3D', '#0B3D2E', '#3A1C47', '#2B2B2B'] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

function ColorField({ legend, value, presets, onChange, testId }: { legend: string; value: string; presets: readonly string[]; onChange: (color: string) => void; testId: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // A new value from outside (reset, theme change) replaces the draft.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const invalid = !HEX.test(draft);
  return (
    <fieldset className={css.section} data-testid={testId}>
      <legend className={css.legend}>{legend}</legend>
      <div className={css.colorRow}>
        <input type="color" className={css.colorInput} value={value.toLowerCase()} onChange={(e) => onChange(e.currentTarget.value.toUpperCase())} aria-label={legend} />
        <input
          className={`${input} ${css.hexInput}`}
          value={draft}
          aria-label={`${legend} (#RRGGBB)`}
          aria-invalid={invalid}
          onChange={(e) => {
            const next = e.currentTarget.value.trim();
            setDraft(next);
            if (HEX.test(next)) onChange(next.toUpperCase());
          }}
        />
      </div>
      {invalid ? <span role="alert">{t('shell.theme.invalidColor')}</span> : null}
      <div className={css.colorRow} role="group" aria-label={t('shell.theme.presets')}>
        {presets.map((color) => (
          <button
            key={color}
            type="button"
            className={css.swatch}
            style={{ background: color /* the swatch shows the colour itself */ }}
            aria-label={t('shell.theme.preset', { color })}
            aria-pressed={value.toUpperCase() === color}
            onClick={() => onChange(color)}
          />
        ))}
      </div>
    </fieldset>
  );
}

export function ThemeSettings({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { theme } = useSnapshot(settings);
  const { username } = useSnapshot(session);
  const update = (patch: Partial<ThemeSetting>) => applyTheme({ ...settings.theme, ...patch });
  const chooseTheme = (name: ThemeName) => applyTheme({ ...THEME_DEFAULTS[name] });

  const save = () => {
    if (username) saveTheme(username, { ...settings.theme });
    notify({ kind: 'toast', level: 'success', key: 'shell.theme.saved', duration: 2000 });
    onDone?.();
  };
  const reset = () => {
    applyTheme(DEFAULT_THEME);
    notify({ kind: 'toast', level: 'info', key: 'shell.theme.resetDone', duration: 2000 });
  };

  return (
    <div className={css.panel} data-testid="theme-settings">
      <fieldset className={css.section}>
        <legend className={css.legend}>{t('shell.theme.theme')}</legend>
        <div className={css.themes}>
          {THEMES.map((option) => (
            <label key={option.name} className={css.themeOption}>
              <input type="radio" name="atrium-theme" value={option.name} checked={theme.theme === option.name} onChange={() => chooseTheme(option.name)} />
              {t(option.key)}
            </label>
          ))}
        </div>
      </fieldset>
      <ColorField legend={t('shell.theme.activeColor')} value={theme.activeColor} presets={ACTIVE_PRESETS} onChange={(c) => update({ activeColor: c })} testId="active-color" />
      <ColorField legend={t('shell.theme.navBg')} value={theme.bgColor} presets={NAV_PRESETS} onChange={(c) => update({ bgColor: c })} testId="nav-color" />
      <div className={css.actions}>
        <button type="button" className={buttonGhost} onClick={reset}>
          {t('shell.theme.reset')}
        </button>
        <button type="button" className={button} onClick={save}>
          {t('shell.theme.save')}
        </button>
      </div>
    </div>
  );
}

/** What closing without saving restores: the user's stored theme. */
export function revertUnsavedTheme(): void {
  applyTheme(loadTheme(session.username));
}
