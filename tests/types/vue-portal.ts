// Issue 41 type test (tsc -p tests/types, run by types.test.ts): Vue's GlobalComponents know the kit's
// tags and their attributes (what a template is checked against), and events carry typed details.
import type { GlobalComponents } from 'vue';
import type {} from '../../widgets/types/atrium-vue.d.ts';

type Props<T extends keyof GlobalComponents> = InstanceType<GlobalComponents[T]>['$props'];

export const player: Props<'atrium-video-player'> = { 'camera-id': '3', 'play-type': 1, muted: true, theme: 'light-theme' };
export const bell: Props<'atrium-alarm-bell'> = { href: 'https://atrium.example.com/alarm/search', sound: true };
// @ts-expect-error camera-id is text, not a number
export const wrong: Props<'atrium-video-player'> = { 'camera-id': 3 };

document.querySelector('atrium-video-player')?.addEventListener('atrium-screenshot', (e) => {
  const name: string = e.detail.fileName;
  console.log(name);
});
