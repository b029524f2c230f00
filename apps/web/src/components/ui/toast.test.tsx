import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppToastContainer, notify } from './toast';

/** The app's container and an island's, the island's on a page that goes away. */
function TwoContainers() {
  const [islandShown, setIslandShown] = useState(true);
  return (
    <>
      <AppToastContainer />
      {islandShown && <AppToastContainer />}
      <button type="button" onClick={() => setIslandShown(false)}>
        Leave the page
      </button>
    </>
  );
}

describe('AppToastContainer', () => {
  it('shows each toast once however many are mounted, and still after one unmounts', async () => {
    render(<TwoContainers />);
    notify.info('First message');
    expect(await screen.findAllByText('First message')).toHaveLength(1);

    act(() => screen.getByRole('button', { name: 'Leave the page' }).click());
    notify.info('Second message');
    expect(await screen.findAllByText('Second message')).toHaveLength(1);
  });
});
