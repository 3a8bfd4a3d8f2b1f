// defineWidget(): turns a React component into a custom element (r2wc underneath) with an open
// shadow root, the kit's adopted stylesheet, i18n, an error boundary and typed atrium-* events.
// Ark UI is not wrapped in here: it would ride in every widget's core chunk. A widget that uses Ark
// wraps its own view in `<EnvironmentProvider value={() => useWidget().root}>` and portals into the root.
// A tag is defined once per page, however often the kit loads.
import r2wc from '@r2wc/react-to-web-component';
import { lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/store.ts';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { widgetRoot } from '../theme/base.css.ts';
import '../theme/host-themes.css.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { emit } from './events.ts';
import { WidgetContext, type WidgetContextValue } from './context.ts';
import { adoptKitStyles } from './kit-css.ts';
import { onWidgetConnected } from './notices-mount.ts';
import { applyConfiguredTheme } from './configure.ts';

export type PropKind = 'string' | 'number' | 'boolean' | 'json';

export interface WidgetDefinition<P extends object> {
  tag: `atrium-${string}`;
  component: ComponentType<P>;
  /** camelCase prop → kind; each is reflected from the kebab-case attribute. */
  props: { [K in keyof P]?: PropKind };
  /**
   * How long the element keeps its React tree after leaving the DOM. Moving an element (a pane
   * dragged on a wall) reconnects it within this time, so a stream is not torn down and re-requested.
   */
  keepAliveMs?: number;
  /**
   * Whether the view needs a signed-in session (default true). Without a token such a widget shows a
   * sign-in prompt instead of its view, so an embedding page never gets a silently empty box.
   */
  requiresSession?: boolean;
}

// Lazily: a page that passes a token never downloads the form.
const SignInPrompt = lazy(() => import('./sign-in.tsx'));

/** The view, or the sign-in prompt while nobody is signed in. */
function Gate(props: { children: ReactNode }) {
  const { token, awaitingHost } = useSnapshot(session);
  if (token) return <>{props.children}</>;
  // The host cancelled atrium-session-expired and is handing in a fresh token: no prompt meanwhile.
  if (awaitingHost) return <div data-atrium-state="awaiting-token" />;
  return (
    <Suspense fallback={null}>
      <SignInPrompt />
    </Suspense>
  );
}

const R2WC_RENDER = Symbol.for('r2wc.render');
const R2WC_PROPS = Symbol.for('r2wc.props');

interface R2wcInstance extends HTMLElement {
  container: ShadowRoot;
  connectedCallback(): void;
  disconnectedCallback(): void;
  [R2WC_RENDER](): void;
  [R2WC_PROPS]: Record<string, unknown>;
}

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, (_m, a: string, b: string) => `${a}-${b.toLowerCase()}`);

/** Attribute text → prop value. Unlike r2wc's own parsing, a bare boolean attribute means true and a removed attribute clears the prop. */
export function parseAttribute(kind: PropKind, value: string | null): unknown {
  if (kind === 'boolean') return value !== null && value !== 'false';
  if (value === null) return undefined;
  if (kind === 'number') {
    const n = Number(value);
    return value.trim() === '' || Number.isNaN(n) ? undefined : n;
  }
  if (kind === 'json') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  return value;
}

export function defineWidget<P extends object>(definition: WidgetDefinition<P>): CustomElementConstructor {
  const existing = customElements.get(definition.tag);
  if (existing) return existing;

  const { component: View, tag } = definition;
  const kinds = definition.props as Record<string, PropKind>;
  const attrToProp = new Map(Object.keys(kinds).map((prop) => [kebab(prop), prop]));
  const keepAliveMs = definition.keepAliveMs ?? 0;
  const requiresSession = definition.requiresSession ?? true;

  function Shell(props: P & { container: ShadowRoot }) {
    const { container, ...rest } = props;
    const ctx = useMemo<WidgetContextValue>(() => {
      const host = container.host as HTMLElement;
      return { host, root: container, emit: (type, detail) => emit(host, type, detail) };
    }, [container]);
    return (
      <WidgetContext.Provider value={ctx}>
        <I18nextProvider i18n={i18n}>
          <div className={widgetRoot} data-atrium-widget={tag}>
            <ErrorBoundary onError={(e) => ctx.emit('atrium-error', { message: e.message })}>
              {requiresSession ? (
                <Gate>
                  <View {...(rest as P)} />
                </Gate>
              ) : (
                <View {...(rest as P)} />
              )}
            </ErrorBoundary>
          </div>
        </I18nextProvider>
      </WidgetContext.Provider>
    );
  }

  const Base = r2wc(Shell as ComponentType<object>, {
    shadow: 'open',
    props: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, v === 'json' ? 'json' : 'string'])),
  }) as unknown as { new (): R2wcInstance; prototype: R2wcInstance };

  class AtriumWidget extends Base {
    #unmountTimer: ReturnType<typeof setTimeout> | null = null;

    constructor() {
      super();
      adoptKitStyles(this.container);
      // Re-read every attribute with our parsing (r2wc skips empty ones, which breaks bare booleans).
      for (const [attr, prop] of attrToProp) {
        this[R2WC_PROPS][prop] = parseAttribute(kinds[prop] ?? 'string', this.getAttribute(attr));
      }
    }

    override connectedCallback(): void {
      onWidgetConnected(this);
      applyConfiguredTheme(this);
      if (this.#unmountTimer !== null) {
        clearTimeout(this.#unmountTimer);
        this.#unmountTimer = null;
        return;
      }
      super.connectedCallback();
    }

    override disconnectedCallback(): void {
      if (keepAliveMs <= 0) {
        super.disconnectedCallback();
        return;
      }
      this.#unmountTimer = setTimeout(() => {
        this.#unmountTimer = null;
        if (!this.isConnected) super.disconnectedCallback();
      }, keepAliveMs);
    }

    attributeChangedCallback(attr: string, _old: string | null, value: string | null): void {
      const prop = attrToProp.get(attr);
      if (!prop) return;
      this[R2WC_PROPS][prop] = parseAttribute(kinds[prop] ?? 'string', value);
      this[R2WC_RENDER]();
    }
  }

  // Properties set from script take any value; attributes stay in sync for simple kinds only.
  for (const prop of Object.keys(kinds)) {
    Object.defineProperty(AtriumWidget.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: AtriumWidget) {
        return this[R2WC_PROPS][prop];
      },
      set(this: AtriumWidget, value: unknown) {
        this[R2WC_PROPS][prop] = value;
        this[R2WC_RENDER]();
      },
    });
  }

  customElements.define(tag, AtriumWidget);
  return AtriumWidget;
}
