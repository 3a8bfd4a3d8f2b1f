// Every page that shows a widget also needs somewhere to show the kit's toasts and dialogs:
// the first widget to connect adds one <atrium-notices> to the body (unless the page has one).
export const NOTICES_TAG = 'atrium-notices';

export function onWidgetConnected(element: HTMLElement): void {
  if (element.localName === NOTICES_TAG) return;
  if (!customElements.get(NOTICES_TAG)) return;
  if (document.querySelector(NOTICES_TAG)) return;
  document.body.append(document.createElement(NOTICES_TAG));
}
