// Registers <atrium-device-list>. The JSDoc below is its public API (custom-elements manifest, types, docs).
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { DeviceList, type DeviceListProps } from './device-list.tsx';

/**
 * @summary The tenant's devices with live status: area tree, search, status filter, sortable columns,
 * virtual rows (20000 stay smooth), keyboard navigation (arrows, Page Up/Down, Home/End, Enter); or, with
 * `view="cards"`, the real-time monitoring cards over the same rows, filters and total.
 * @attr area-id - rowGuid of an area: show only it and the areas below it, and hide the tree
 * @attr selectable - rows (or cards) can be chosen (click, Enter or Space)
 * @attr view - table (default) | cards: one card per device with its state, its first three live readings
 * (read again every 10 s while the page is visible) and its open alarms; area, status and keyword filters
 * applied with a search button, 24 cards a page, and the list's total ('Total 20000+' above 20000). With
 * `selectable` each card is a button that fires atrium-device-select
 * @attr theme - blue-theme | dark-theme | light-theme
 * @event atrium-device-select - { device } each time a row or card is chosen (only with `selectable`)
 */
export const DeviceListElement = defineWidget<DeviceListProps>({
  tag: 'atrium-device-list',
  component: DeviceList,
  props: { areaId: 'string', selectable: 'boolean', view: 'string' },
});
