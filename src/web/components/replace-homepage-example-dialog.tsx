/**
 * The owner's confirmation before a new homepage example replaces the oldest when the home page
 * already shows its most: asked from the examples screen and the transformations feed alike.
 */
import { EXAMPLE_MESSAGES } from '@/domain/admin-content';
import { ConfirmDialog } from '@/web/components/confirm-dialog';

export function ReplaceHomepageExampleDialog({
  open,
  onConfirm,
  onClose,
}: {
  open: boolean;
  onConfirm: () => void;
  /** Called whenever the dialog closes, after a confirmation too. */
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Replace a homepage example?"
      description={EXAMPLE_MESSAGES.replaceConfirmation}
      confirmLabel={EXAMPLE_MESSAGES.replaceConfirm}
      onConfirm={onConfirm}
    />
  );
}
