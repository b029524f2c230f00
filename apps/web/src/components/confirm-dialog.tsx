import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, exactly as SPEC section 8 spells it; it also names the dialog. */
  question: string;
  /** What the answer applies to, e.g. the product's name. */
  detail?: ReactNode;
  /** True while the confirmed action runs: Yes shows progress and neither button answers twice. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** SPEC section 8's confirm dialogs: a question with Yes and No; No is the safe default. */
export function ConfirmDialog({
  open,
  question,
  detail,
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const detailId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={detail ? detailId : undefined}
    >
      <DialogTitle id={titleId}>{question}</DialogTitle>
      {detail && (
        <DialogContent>
          <DialogContentText id={detailId}>{detail}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} autoFocus>
          No
        </Button>
        <Button onClick={onConfirm} loading={pending} color="error" variant="contained">
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
