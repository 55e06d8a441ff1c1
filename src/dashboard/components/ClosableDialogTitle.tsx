import CloseRounded from '@mui/icons-material/CloseRounded';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';

/**
 * A dialog's title with a close button at its end: on a phone a long dialog fills the screen, and
 * its Cancel may be a scroll away (there is no Escape key to press). `id` names the title's text
 * alone (the dialog's aria-labelledby), so the dialog is not also called 'Close'.
 */
export function ClosableDialogTitle({ id, onClose, children }: { id: string; onClose: () => void; children: ReactNode }) {
  return (
    // MUI gives the title the dialog's aria-labelledby id unless it has one of its own.
    <DialogTitle id={`${id}-bar`} sx={{ pr: 7 }}>
      <span id={id}>{children}</span>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseRounded />
      </IconButton>
    </DialogTitle>
  );
}
