export { DeviceList } from './device-list.tsx';
export type { DeviceListProps } from './device-list.tsx';
export { useDeviceList } from './use-device-list.ts';
export { ROW_HEIGHT, visibleRange } from '../../shared/element/virtual-range.ts';
