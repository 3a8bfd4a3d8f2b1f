// A modal dialog (Ark UI Dialog): focus trapped and restored, Esc closes; a click outside does not,
// so a half-filled form is never lost to a stray click.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useState, type ReactNode } from 'react';
import * as css from './resource.css.ts';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
  role?: 'dialog' | 'alertdialog';
}

/** The element that has the focus, inside open shadow roots too. */
function focusedElement(): HTMLElement | null {
  let el = document.activeElement as HTMLElement | null;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement;
  return el && el !== document.body ? el : null;
}

export function Modal({ title, onClose, children, wide, testId, role = 'dialog' }: ModalProps) {
  // The dialog is removed rather than closed (it is always open while mounted), so Ark UI never runs its
  // own return of the focus: the control that opened it gets the focus back here when it goes (WCAG
  // 2.4.3), unless something else took the focus meanwhile. A list may have drawn that control anew
  // while the dialog was open: then the control of the same action in the same row is the one.
  const [opener] = useState(() => {
    const el = focusedElement();
    return el ? { el, row: el.closest('[data-row]')?.getAttribute('data-row') ?? null, action: el.getAttribute('data-action') } : null;
  });
  useEffect(
    () => () => {
      requestAnimationFrame(() => {
        if (!opener || focusedElement() !== null) return;
        const again = opener.row !== null && opener.action !== null ? document.querySelector<HTMLElement>(`[data-row="${CSS.escape(opener.row)}"] [data-action="${CSS.escape(opener.action)}"]`) : null;
        (opener.el.isConnected ? opener.el : again)?.focus();
      });
    },
    [opener],
  );
  return (
    <Dialog.Root open role={role} closeOnInteractOutside={false} onOpenChange={(d) => !d.open && onClose()}>
      <Portal>
        <Dialog.Backdrop className={css.backdrop} />
        <Dialog.Positioner className={css.positioner}>
          <Dialog.Content className={wide ? `${css.dialog} ${css.wide}` : css.dialog} data-testid={testId}>
            <Dialog.Title className={css.dialogTitle}>{title}</Dialog.Title>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
