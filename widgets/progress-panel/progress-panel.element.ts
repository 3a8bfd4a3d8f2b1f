// Registers <atrium-progress-panel>: the background-task badge and its dialog.
//   @event atrium-progress-deleted  items were deleted from the dialog
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { ProgressPanel } from './progress-panel.tsx';

export const ProgressPanelElement = defineWidget<object>({
  tag: 'atrium-progress-panel',
  component: ProgressPanel,
  props: {},
});
