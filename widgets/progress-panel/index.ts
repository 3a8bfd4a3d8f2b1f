export { ProgressPanel } from './progress-panel.tsx';
export { useProgressPanel } from './use-progress-panel.ts';
