// A modal dialog (Ark UI Dialog): focus trapped and restored, Esc closes; a click outside does not,
// so a half-filled form is never lost to a stray click.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import * as css from './resource.css.ts';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
  role?: 'dialog' | 'alertdialog';
}

export function Modal({ title, onClose, children, wide, testId, role = 'dialog' }: ModalProps) {
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
