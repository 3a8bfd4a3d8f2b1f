// <atrium-session api-base media-base token lang theme>: configure() in markup, for pages without script.
import { configure, type AtriumOptions } from './configure.ts';
import type { Lang } from '../i18n/index.ts';
import type { ThemeName } from '../session/settings.ts';

const ATTRS = ['api-base', 'media-base', 'token', 'lang', 'theme', 'reload-on-logout'] as const;

export class AtriumSessionElement extends HTMLElement {
  static get observedAttributes(): readonly string[] {
    return ATTRS;
  }

  connectedCallback(): void {
    this.hidden = true;
    this.#apply();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.#apply();
  }

  #apply(): void {
    const options: AtriumOptions = {};
    const apiBase = this.getAttribute('api-base');
    const mediaBase = this.getAttribute('media-base');
    const lang = this.getAttribute('lang');
    const theme = this.getAttribute('theme');
    if (apiBase !== null) options.apiBase = apiBase;
    if (mediaBase !== null) options.mediaBase = mediaBase;
    if (this.hasAttribute('token')) options.token = this.getAttribute('token') || null;
    if (lang === 'zh' || lang === 'en') options.lang = lang as Lang;
    if (theme === 'blue-theme' || theme === 'dark-theme' || theme === 'light-theme') options.theme = theme as ThemeName;
    if (this.hasAttribute('reload-on-logout')) options.reloadOnLogout = true;
    configure(options);
  }
}

export function defineSessionElement(): void {
  if (!customElements.get('atrium-session')) customElements.define('atrium-session', AtriumSessionElement);
}
