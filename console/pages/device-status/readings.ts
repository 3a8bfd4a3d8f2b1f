// How the device drawer writes a live reading: the same as the cards of <atrium-device-list view="cards">.
export { READINGS_EVERY_MS, readingText } from '../../../shared/devices/readings.ts';
