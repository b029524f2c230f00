import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog, DialogActions, DialogContent } from './dialog';

/** A page with a button that opens the dialog; the dialog's state is the page's. */
function Page({ dismissible = true, onClose }: { dismissible?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete the product</Button>
      <Dialog
        open={open}
        title="Delete this product?"
        aria-describedby="detail"
        onClose={dismissible ? close : undefined}
      >
        <DialogContent>
          <p id="detail">Ryzen 9 7950X, 120 in stock</p>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Keep it</Button>
          <Button onClick={close} data-autofocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

async function openDialog(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'Delete the product' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
  return { user, opener, dialog };
}

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its content', async () => {
    const { dialog } = await openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('heading', { level: 2, name: 'Delete this product?' })).toBe(
      screen.getByText('Delete this product?'),
    );
    expect(dialog).toHaveAccessibleDescription('Ryzen 9 7950X, 120 in stock');
  });

  it('puts focus on its data-autofocus element, and gives it back to the opener on close', async () => {
    const { user, opener } = await openDialog();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes on Escape and gives focus back', async () => {
    const onClose = vi.fn();
    const { user, opener } = await openDialog({ onClose });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(opener).toHaveFocus();
  });

  it('closes on a click on its backdrop, not on one inside', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ onClose });
    await user.click(screen.getByText('Ryzen 9 7950X, 120 in stock'));
    expect(onClose).not.toHaveBeenCalled();
    // The dialog element itself is only ever the target outside its content: the backdrop.
    await user.click(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open on Escape and the backdrop without onClose (an action it started runs)', async () => {
    const { user, dialog } = await openDialog({ dismissible: false });
    await user.keyboard('{Escape}');
    await user.click(dialog);
    expect(screen.getByRole('dialog', { name: 'Delete this product?' })).toHaveAttribute('open');
  });

  it("answers the browser's own close request (cancel) through onClose, never closing itself", async () => {
    const onClose = vi.fn();
    const { dialog } = await openDialog({ onClose });
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('can be named without a title', async () => {
    render(
      <Dialog open aria-label="Dashboard menu">
        <a href="/dashboard/myorders">My Orders</a>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Dashboard menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveFocus();
  });
});
