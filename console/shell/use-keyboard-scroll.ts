// A scroll area that holds nothing focusable cannot be scrolled by keyboard (WCAG 2.1.1; axe's
// scrollable-region-focusable): while such an area scrolls, it takes a place in the Tab order itself
// (arrow keys and Page Up/Down then scroll it). An area that holds a link, button or field is scrolled
// by focusing those, and gets no extra Tab stop.
import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * `label` names the area while it is a Tab stop (a focusable region must say what it is; a landmark
 * such as <main> needs none).
 */
export function useKeyboardScroll(ref: RefObject<HTMLElement | null>, label?: string): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const scrolls = el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
      const reachable = scrolls && [...el.querySelectorAll(FOCUSABLE)].some((n) => n !== el);
      if (scrolls && !reachable) {
        el.tabIndex = 0;
        if (label) el.setAttribute('role', 'region');
        if (label) el.setAttribute('aria-label', label);
      } else if (el.hasAttribute('tabindex')) {
        el.removeAttribute('tabindex');
        if (label) el.removeAttribute('role');
        if (label) el.removeAttribute('aria-label');
      }
    };
    // At once, not on the next frame: a region that starts to scroll is a Tab stop before anything
    // else runs (a frame later, a check or a keypress in between found it unreachable).
    const resize = new ResizeObserver(update);
    resize.observe(el);
    const mutation = new MutationObserver(() => {
      for (const child of el.children) resize.observe(child);
      update();
    });
    mutation.observe(el, { childList: true, subtree: true });
    for (const child of el.children) resize.observe(child);
    update();
    return () => {
      resize.disconnect();
      mutation.disconnect();
    };
  }, [ref, label]);
}
