// The guide tour (SPEC §2 "Guide tour"): the shell's main parts one by one with previous and next;
// offered once per user name, reopened from the user dropdown.
import { Portal } from '@ark-ui/react/portal';
import { Tour, useTour } from '@ark-ui/react/tour';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../shared/session/index.ts';
import { button, buttonGhost } from '../../shared/theme/base.css.ts';
import { finishTour, offerTour, shell } from '../state/shell.ts';
import * as css from './guide-tour.css.ts';

const byId = (id: string) => () => document.getElementById(id);

const STEPS = [
  { id: 'welcome', type: 'dialog' as const },
  // The menu runs the window's whole height: its step sits beside it, not below it (out of sight).
  { id: 'menu', target: byId('atrium-sidebar'), placement: 'right-start' as const },
  { id: 'tabs', target: byId('atrium-visited-tabs') },
  { id: 'header', target: byId('atrium-header-tools') },
  { id: 'language', target: byId('atrium-language') },
  { id: 'user', target: byId('atrium-user-menu') },
];

export function GuideTour() {
  const { t } = useTranslation();
  const { tourOpen } = useSnapshot(shell);
  const { username } = useSnapshot(session);

  const steps = useMemo<Tour.StepDetails[]>(
    () =>
      STEPS.map((step, index) => ({
        id: step.id,
        type: step.type ?? 'tooltip',
        ...(step.target ? { target: step.target } : {}),
        ...(step.placement ? { placement: step.placement } : {}),
        title: t(`shell.tour.${step.id}.title`),
        description: t(`shell.tour.${step.id}.text`),
        actions: [
          ...(index > 0 ? [{ label: t('shell.tour.prev'), action: 'prev' as const }] : []),
          index < STEPS.length - 1 ? { label: t('shell.tour.next'), action: 'next' as const } : { label: t('shell.tour.done'), action: 'dismiss' as const },
        ],
      })),
    [t],
  );

  const tour = useTour({
    steps,
    closeOnInteractOutside: false,
    // Reopened from the user menu, the menu hands focus back to its trigger as the tour starts: that
    // must not count as leaving the tour.
    onFocusOutside: (event) => event.preventDefault(),
    translations: {
      progressText: ({ current, total }) => t('shell.tour.progress', { current: current + 1, total }),
      nextStep: t('shell.tour.next'),
      prevStep: t('shell.tour.prev'),
      close: t('shell.tour.skip'),
      skip: t('shell.tour.skip'),
    },
    onStatusChange: (details) => {
      if (details.status === 'completed' || details.status === 'skipped' || details.status === 'dismissed') finishTour(username);
    },
  });

  useEffect(() => {
    offerTour(username);
  }, [username]);

  // The tour takes its steps once, when it is made: after a language switch it would still show the
  // first language's titles, texts and buttons (its dialog in Chinese in an English console).
  const { setSteps } = tour;
  useEffect(() => {
    setSteps(steps);
  }, [steps]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (tourOpen && !tour.open) tour.start();
  }, [tourOpen, tour]);

  return (
    <Tour.Root tour={tour}>
      <Portal>
        <Tour.Backdrop className={css.backdrop} />
        <Tour.Spotlight className={css.spotlight} />
        <Tour.Positioner className={css.positioner}>
          <Tour.Content className={css.content} data-testid="guide-tour">
            <Tour.Arrow>
              <Tour.ArrowTip className={css.arrowTip} />
            </Tour.Arrow>
            <Tour.Title className={css.title} />
            <Tour.Description className={css.text} />
            <div className={css.footer}>
              <Tour.ProgressText className={css.progress} />
              <Tour.CloseTrigger className={buttonGhost}>{t('shell.tour.skip')}</Tour.CloseTrigger>
              <Tour.Actions>
                {(actions) =>
                  actions.map((action) => (
                    // Named by its own words: the library names the finishing (dismiss) button "skip".
                    <Tour.ActionTrigger key={action.label} action={action} className={action.action === 'prev' ? buttonGhost : button} aria-label={action.label} />
                  ))
                }
              </Tour.Actions>
            </div>
          </Tour.Content>
        </Tour.Positioner>
      </Portal>
    </Tour.Root>
  );
}
