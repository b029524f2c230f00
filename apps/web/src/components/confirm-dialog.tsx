import { useId, type ReactNode } from 'react';
import { Button } from './ui/button';
import errorButton from './ui/button-error.module.css';
import { Dialog, DialogActions, DialogContent } from './ui/dialog';

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
  /** Below the detail: what the answer may carry (a rejection's reason, say). */
  children?: ReactNode;
}

/** SPEC section 8's confirm dialogs: a question with Yes and No; No is the safe default. */
export function ConfirmDialog({
  open,
  question,
  detail,
  pending = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const detailId = useId();
  return (
    <Dialog
      open={open}
      title={question}
      onClose={pending ? undefined : onCancel}
      aria-describedby={detail ? detailId : undefined}
    >
      {(detail || children) && (
        <DialogContent>
          {detail && <p id={detailId}>{detail}</p>}
          {children}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} data-autofocus>
          No
        </Button>
        <Button
          onClick={onConfirm}
          loading={pending}
          color="inherit"
          variant="contained"
          className={errorButton.contained}
        >
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
