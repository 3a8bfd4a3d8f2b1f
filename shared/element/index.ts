export { defineWidget, parseAttribute } from './define-widget.tsx';
export type { WidgetDefinition, PropKind } from './define-widget.tsx';
export { useWidget, useEmit } from './context.ts';
export { emit } from './events.ts';
export type { AtriumEventMap } from './events.ts';
export { configure } from './configure.ts';
export type { AtriumOptions } from './configure.ts';
export { adoptKitStyles, kitSheet } from './kit-css.ts';
export { defineCoreElements } from './core-elements.ts';
