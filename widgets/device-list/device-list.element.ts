// Registers <atrium-device-list>. The JSDoc below is its public API (custom-elements manifest, types, docs).
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { DeviceList, type DeviceListProps } from './device-list.tsx';

/**
 * @summary The tenant's devices with live status: area tree, search, status filter, sortable columns,
 * virtual rows (20000 stay smooth), keyboard navigation (arrows, Page Up/Down, Home/End, Enter).
 * @attr area-id - rowGuid of an area: show only it and the areas below it, and hide the tree
 * @attr selectable - rows can be chosen (click, Enter or Space)
 * @attr theme - blue-theme | dark-theme | light-theme
 * @event atrium-device-select - { device } each time a row is chosen (only with `selectable`)
 */
export const DeviceListElement = defineWidget<DeviceListProps>({
  tag: 'atrium-device-list',
  component: DeviceList,
  props: { areaId: 'string', selectable: 'boolean' },
});
