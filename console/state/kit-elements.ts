// The kit's core elements (<atrium-notices> for SPEC §8 toasts and dialogs, <atrium-session>) load
// once a session exists. The sign-in pages confirm things inline instead, so they do not pay for the
// custom-element runtime and the kit's stylesheet text (issue 3: sign-in JS ≤ 150 KB gzip).
let loading: Promise<void> | null = null;

export function loadKitElements(): Promise<void> {
  loading ??= import('../../shared/element/core-elements.ts').then((m) => m.defineCoreElements());
  return loading;
}

let widgets: Promise<unknown> | null = null;

/** The header's alarm bell and task badge: the shell renders their tags, these define them. */
export function loadShellWidgets(): Promise<unknown> {
  widgets ??= Promise.all([
    import('../../widgets/alarm-bell/alarm-bell.element.ts'),
    import('../../widgets/progress-panel/progress-panel.element.ts'),
  ]);
  return widgets;
}
