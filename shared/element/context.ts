// What a widget's view may know about where it lives: its host element, its shadow root, and emit().
import { createContext, useContext } from 'react';
import { emit, type AtriumEventMap } from './events.ts';

export interface WidgetContextValue {
  host: HTMLElement;
  root: ShadowRoot;
  emit<K extends keyof AtriumEventMap>(type: K, detail: AtriumEventMap[K]): boolean;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

/** The widget's host, root and event emitter; outside a widget (the console) events go to window. */
export function useWidget(): WidgetContextValue | null {
  return useContext(WidgetContext);
}

export function useEmit(): WidgetContextValue['emit'] {
  const ctx = useContext(WidgetContext);
  return ctx ? ctx.emit : (type, detail) => emit(window, type, detail);
}
