import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { renderApp } from '../test/render.tsx';
import { DateField } from './date-field.tsx';

function Harness({ initial = '', withTime = false, allowFuture = false }: { initial?: string; withTime?: boolean; allowFuture?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="From" value={value} onChange={setValue} withTime={withTime} allowFuture={allowFuture} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const dayButton = (day: string) => within(screen.getByRole('table')).getByRole('button', { name: `${day} November 2026` });

describe('DateField', () => {
  beforeEach(async () => {
    // only the clock is fixed: 18 Nov 2026, 10:00 in India
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T04:30:00Z'));
    await setLanguage('en');
  });
  afterEach(() => vi.useRealTimers());

  it('shows the date as MM/dd/yyyy and refuses a day after today', async () => {
    const { user } = renderApp(<Harness initial="2026-11-10" />);
    const input = screen.getByRole('button', { name: 'From' });
    expect(input).toHaveTextContent('11/10/2026');
    await user.click(input);
    expect(dayButton('19')).toBeDisabled();
    expect(dayButton('18')).toBeEnabled();
    await user.click(dayButton('19'));
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-10');
    await user.click(dayButton('17'));
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-17');
  });

  it('lets a field about the future pick a later day', async () => {
    const { user } = renderApp(<Harness initial="2026-11-10" allowFuture />);
    await user.click(screen.getByRole('button', { name: 'From' }));
    expect(dayButton('25')).toBeEnabled();
  });

  it('shows a date-time as MM/dd/yyyy HH:mm', () => {
    renderApp(<Harness initial="2026-11-10T08:05" withTime />);
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('11/10/2026 08:05');
  });

  it('names the months in Hindi when the portal speaks Hindi', async () => {
    await setLanguage('hi');
    const { user } = renderApp(<Harness initial="2026-11-10" />);
    await user.click(screen.getByRole('button', { name: 'From' }));
    expect(await screen.findByText(/नवम्बर 2026/)).toBeInTheDocument();
    await setLanguage('en');
  });
});
