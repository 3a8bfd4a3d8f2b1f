// Every page that shows a widget also needs somewhere to show the kit's toasts and dialogs:
// the first widget to connect adds one <atrium-notices> to the body (unless the page has one).
export const NOTICES_TAG = 'atrium-notices';

/**
 * The notices element takes no room on the page: its toasts are fixed to the window and its dialogs
 * open modally, but as an ordinary element its widget root was as tall as the window after the page's
 * own content, which made every page scrollable by that much.
 */
export const NOTICES_HOST_STYLE = 'position:fixed;top:0;left:0;width:0;height:0;';

export function onWidgetConnected(element: HTMLElement): void {
  if (element.localName === NOTICES_TAG) return;
  if (!customElements.get(NOTICES_TAG)) return;
  if (document.querySelector(NOTICES_TAG)) return;
  const notices = document.createElement(NOTICES_TAG);
  notices.style.cssText = NOTICES_HOST_STYLE;
  document.body.append(notices);
}
