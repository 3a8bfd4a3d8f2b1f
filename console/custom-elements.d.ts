// The kit's tags the console renders in JSX. They upgrade whenever their element is defined, so the
// shell can host a tag before (or without) the widget that fills it.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type TagProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { theme?: string; class?: string };

type VideoPlayerProps = TagProps & {
  'camera-id'?: string;
  'dev-label'?: string;
  'play-type'?: string;
  'disable-yun-control'?: string;
  muted?: string;
  'start-time'?: string;
  'end-time'?: string;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'atrium-notices': TagProps;
      'atrium-alarm-bell': TagProps;
      'atrium-progress-panel': TagProps;
      'atrium-video-player': VideoPlayerProps;
      'atrium-device-list': TagProps & { 'area-id'?: string; selectable?: string; view?: 'table' | 'cards' };
      'atrium-video-wall': TagProps & { 'tree-id'?: string; fullscreen?: string };
    }
  }
}
