// Quick scenes (linkManage linkmng/quick_scene; stand-alone /linkmng_quick_scene; the header's scene
// icon opens it): named steps — write a point or raise an alarm — each after a delay of 1–300 s.
// "Run" starts the scene as a background task: the progress panel shows one step per scene step, and
// cancelling it there stops the steps not yet run.
import { createScene, deleteScenes, listScenes, runScene, updateScene } from '../../../shared/api/linkage.ts';
import { SCENE_ACTION_KINDS, type QuickScene, type QuickSceneSave } from '../../../shared/api/linkage-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { progressPoller } from '../../../shared/poll/progress.ts';
import { sceneSchema } from '../../../shared/validate/linkage.ts';
import { defineResource, ResourcePage, text } from '../../resource/index.ts';
import { ActionsEditor, useLinkTargets, type LinkTargets } from '../link-group/actions-editor.tsx';
import '../link-group/texts.ts';

/** What the scene form reaches on the page: the devices, cameras and scenes its steps may name. */
interface QuickScenePage {
  targets: LinkTargets;
}

export const quickSceneResource = defineResource<QuickScene, QuickScenePage>({
  id: 'quick-scene',
  operation: 'linkage.scenePage',
  titleKey: 'linkage.scenes.title',
  rowKey: (s) => s.id,
  rowName: (s) => s.name,
  columns: [
    { id: 'name', headerKey: 'linkage.scenes.name', field: 'name' },
    { id: 'steps', headerKey: 'linkage.scenes.steps', field: 'steps', cell: (s, { t }) => t('linkage.scenes.stepCount', { count: s.steps.length }) },
    { id: 'duration', headerKey: 'linkage.action.delay', field: 'steps', cell: (s, { t }) => t('linkage.scenes.duration', { seconds: s.steps.reduce((n, step) => n + step.delaySeconds, 0) }) },
    { id: 'note', headerKey: 'linkage.scenes.note', field: 'note' },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'linkage.scenes.name' }],
  list: (q, signal) => listScenes(http, { page: q.page, limit: q.limit, ...(text(q.filters.keyword as string) ? { keyword: text(q.filters.keyword as string) } : {}) }, signal),
  form: {
    saves: { create: 'linkage.sceneCreate', update: 'linkage.sceneUpdate' },
    wide: true,
    fields: (_row, { page }) => [
      { kind: 'text', name: 'name', labelKey: 'linkage.scenes.name', rules: sceneSchema.name, initial: (sc) => sc?.name ?? '' },
      { kind: 'textarea', name: 'note', labelKey: 'linkage.scenes.note', rules: sceneSchema.note, initial: (sc) => sc?.note ?? '' },
      // The steps are held as JSON text while edited.
      { kind: 'custom', name: 'steps', labelKey: 'linkage.scenes.steps', render: (p) => <ActionsEditor {...p} kinds={SCENE_ACTION_KINDS} steps targets={page.targets} />, rules: sceneSchema.steps, initial: (sc) => JSON.stringify(sc?.steps ?? []), as: 'json' },
    ],
    save: async (body, sc) => {
      const scene = body as QuickSceneSave;
      await (sc ? updateScene(http, sc.id, scene) : createScene(http, scene));
    },
  },
  remove: (rows) => deleteScenes(http, rows.map((s) => s.id)),
  rowActions: [
    {
      key: 'run',
      labelKey: 'linkage.scenes.run',
      run: async (s) => {
        await runScene(http, s.id);
        // The panel shows the new task now, not at its next poll.
        progressPoller.refresh();
        notify({ kind: 'toast', level: 'info', duration: 4000, key: 'linkage.scenes.started', params: { name: s.name } });
      },
    },
  ],
});

export default function QuickScenePage() {
  const targets = useLinkTargets(false);
  const def = quickSceneResource;
  return (
    <div data-page="quick-scene">
      <ResourcePage def={def} page={{ targets }} />
    </div>
  );
}
