import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { Tabs } from './tabs';

const TABS = [
  { key: 'one', label: 'One' },
  { key: 'two', label: 'Two' },
  { key: 'three', label: 'Three' },
] as const;

function Example() {
  const [selected, setSelected] = useState<(typeof TABS)[number]['key']>('one');
  return (
    <Tabs label="Example" idPrefix="example" tabs={TABS} selected={selected} onSelect={setSelected}>
      <p>Panel {selected}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('selects with the arrow keys, Home and End from the focused tab, and only the selected one is in the tab order', async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Example' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('Panel one');

    await user.tab();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Three' })).toHaveTextContent('Panel three');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');

    // Focus put on a tab that is not selected: the keys move from there.
    screen.getByRole('tab', { name: 'One' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Two' })).not.toHaveFocus();
  });
});
