// The kit's tags the console renders in JSX. They upgrade whenever their element is defined, so the
// shell can host a tag before (or without) the widget that fills it.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type TagProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { theme?: string };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'atrium-notices': TagProps;
      'atrium-alarm-bell': TagProps;
      'atrium-progress-panel': TagProps;
    }
  }
}
