/**
 * The owner's "are you sure?" before an action that cannot be taken back. Either opened by its own
 * `trigger` button, or held open by the caller (`open`/`onClose`) when the thing to confirm is chosen
 * elsewhere, e.g. a row's delete button.
 */
import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/web/components/ui/alert-dialog';

type Opening =
  | { trigger: ReactNode; open?: never; onClose?: never }
  | {
      trigger?: never;
      open: boolean;
      /** Called whenever the dialog closes, after a confirmation too. */
      onClose: () => void;
    };

export type ConfirmDialogProps = Opening & {
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Paints the confirm button red: for deleting, erasing and cancelling. */
  destructive?: boolean;
  onConfirm: () => void;
};

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  ...opening
}: ConfirmDialogProps) {
  const { onClose } = opening;
  return (
    <AlertDialog open={opening.open} onOpenChange={onClose && ((next) => !next && onClose())}>
      {opening.trigger ? <AlertDialogTrigger asChild>{opening.trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction variant={destructive ? 'destructive' : 'default'} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
