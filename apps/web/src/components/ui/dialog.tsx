import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { cx } from './container';
import styles from './dialog.module.css';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), ' +
  'textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

interface DialogLabel {
  /** The dialog's title, drawn as its heading (MUI's DialogTitle): it names the dialog. */
  title?: ReactNode;
  /** The dialog's name when it has no title to show. */
  'aria-label'?: string;
}

type DialogProps = DialogLabel & {
  open: boolean;
  /**
   * Escape, a click on the backdrop (or the browser's own close request, Android's back button)
   * asks for this. Without it the dialog stays open until `open` turns false (while an action
   * it started runs, say).
   */
  onClose?: () => void;
  /** The id of what describes the dialog, below its title. */
  'aria-describedby'?: string;
  /** Replaces the paper's look (size, place), e.g. a drawer's. */
  className?: string;
  children: ReactNode;
};

/**
 * A modal dialog on the browser's own <dialog> with showModal() (MUI's Dialog without its
 * JavaScript): the rest of the page is inert while it is open, so focus stays inside; it is
 * named by its title; Escape and the backdrop close it (through `onClose`, the parent owns
 * `open`); focus goes back to where it was once it closes. The element with `data-autofocus`
 * inside takes focus when it opens, otherwise the first focusable one.
 */
export function Dialog({
  open,
  onClose,
  title,
  'aria-label': label,
  'aria-describedby': describedBy,
  className,
  children,
}: DialogProps) {
  const titleId = useId();
  if (!open) return null;
  return (
    <OpenDialog
      onClose={onClose}
      labelledBy={title === undefined ? undefined : titleId}
      label={label}
      describedBy={describedBy}
      className={className}
    >
      {title !== undefined && (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      )}
      {children}
    </OpenDialog>
  );
}

interface OpenDialogProps {
  onClose?: () => void;
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}

function OpenDialog({
  onClose,
  labelledBy,
  label,
  describedBy,
  className,
  children,
}: OpenDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest onClose, for the listeners set up once.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnFocusTo = document.activeElement;
    dialog.showModal();
    // What the browser's showModal() does, kept when the browser does not (a test's page).
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      (dialog.contains(document.activeElement)
        ? null
        : dialog.querySelector<HTMLElement>(FOCUSABLE));
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // The browser does this on close(), not when the dialog leaves the page; do it always.
      if (returnFocusTo instanceof HTMLElement && returnFocusTo.isConnected) returnFocusTo.focus();
    };
  }, []);

  const requestClose = () => onCloseRef.current?.();

  // Escape is handled here rather than left to the browser, which would close the dialog itself.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    requestClose();
  };
  // The browser's other close requests: the parent decides.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    requestClose();
  };
  // A click on the dialog element itself is on its backdrop: the content fills the paper.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) requestClose();
  };

  return (
    // The backdrop's click has Escape as its keyboard equivalent.
    <dialog
      ref={ref}
      className={cx(styles.dialog, className)}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClick={onClick}
    >
      <div className={styles.paper}>{children}</div>
    </dialog>
  );
}

/** MUI's DialogContent: the body, between the title and the actions. */
export function DialogContent({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return <div className={cx(styles.content, className)}>{children}</div>;
}

/** MUI's DialogActions: the buttons, at the end of the row. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
