import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render.tsx';
import { DeferredSelect } from './deferred-select.tsx';

function Field({ initial = null }: { initial?: string | null }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DeferredSelect
        label="City"
        data={['Delhi', 'Jaipur']}
        searchable
        clearable
        value={value}
        onChange={setValue}
        open={open}
        onOpen={() => setOpen(true)}
      />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

describe('DeferredSelect (ADR 089)', () => {
  it('draws a closed field without options until opened, then opens the real select focused', async () => {
    const { user } = renderApp(<Field />);
    const field = screen.getByRole('combobox', { name: 'City' });
    expect(field).toHaveAttribute('readonly');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: 'Jaipur' }));
    expect(screen.getByTestId('value')).toHaveTextContent('Jaipur');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveFocus();
  });

  it('opens from the keyboard as well', async () => {
    const { user } = renderApp(<Field />);
    await user.tab();
    expect(await screen.findByRole('option', { name: 'Delhi' })).toBeInTheDocument();
  });

  it('shows a chosen value as the real select at once', async () => {
    renderApp(<Field initial="Delhi" />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('Delhi'));
    expect(screen.getByRole('combobox', { name: 'City' })).not.toHaveAttribute('readonly');
  });
});
