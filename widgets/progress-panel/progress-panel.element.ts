// Registers <atrium-progress-panel>. The JSDoc below is its public API (custom-elements manifest, types, docs).
import { defineWidget } from '../../shared/element/define-widget.tsx';
import { ProgressPanel } from './progress-panel.tsx';

/**
 * @summary The background-task badge (imports, exports) with its dialog: progress, results to
 * download, delete finished or selected tasks. Hidden for users without progress:view.
 * @attr theme - blue-theme | dark-theme | light-theme
 * @event atrium-progress-deleted - items were deleted from the dialog
 */
export const ProgressPanelElement = defineWidget<object>({
  tag: 'atrium-progress-panel',
  component: ProgressPanel,
  props: {},
});
