import type { PaymentInfo, SavedCard } from '@bhada/contracts/money/payments';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { renderApp } from '../../../../test/render.tsx';
import { CardSection } from './card-section.tsx';
import { NetbankingSection } from './netbanking-section.tsx';
import { SavedCardsSection } from './saved-cards-section.tsx';
import { UpiSection } from './upi-section.tsx';

const info: PaymentInfo = {
  amount: 500,
  merchantId: 'MID',
  transactionCode: 'BHD1',
  checkSumHash: 'tok',
  customerId: 'OP1',
  pspModes: [],
  host: '/api/sandbox/pg',
  expiresAt: new Date().toISOString(),
};

beforeEach(async () => {
  await setLanguage('en');
});

function renderCard(lookupBin = vi.fn().mockResolvedValue({ paymentMode: 'DEBIT_CARD', channelCode: 'VISA' })) {
  const onPay = vi.fn();
  const onModeChange = vi.fn();
  const r = renderApp(<CardSection info={info} payLabel="Pay ₹502" onModeChange={onModeChange} onPay={onPay} lookupBin={lookupBin} />);
  return { ...r, onPay, onModeChange, lookupBin };
}

async function typeAndBlur(user: ReturnType<typeof renderApp>['user'], label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (text) await user.type(input, text);
  fireEvent.blur(input);
}

describe('new card (spec fastag §5)', () => {
  it.each([
    ['4111a', 'Only digits are allowed'],
    ['41111111111111111', 'Max. length should be 16'],
    ['411111', 'Min. length should be 16'],
    ['', 'Required'],
    ['4111111111111112', 'Please enter a valid card number'],
  ])('card number %j → %s', async (value, message) => {
    const { user } = renderCard();
    await typeAndBlur(user, 'Card number', value);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each([
    ['12a', 'Only digits are allowed'],
    ['1234', 'Max. length should be 3'],
    ['12', 'Min. length should be 3'],
  ])('CVV %j → %s', async (value, message) => {
    const { user } = renderCard();
    await typeAndBlur(user, 'CVV', value);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each([['13/30'], ['12/2'], ['01/20']])('valid thru %j → Invalid Date', async (value) => {
    const { user } = renderCard();
    await typeAndBlur(user, 'Valid thru (MM/YY)', value.replace('/', ''));
    expect(await screen.findByText('Invalid Date')).toBeInTheDocument();
  });

  it('masks valid thru as MM/YY and requires the name', async () => {
    const { user } = renderCard();
    await user.type(screen.getByLabelText('Valid thru (MM/YY)'), '1230');
    expect(screen.getByLabelText('Valid thru (MM/YY)')).toHaveValue('12/30');
    await typeAndBlur(user, 'Name on card', '');
    expect(await screen.findByText('Required')).toBeInTheDocument();
  });

  it('looks the BIN up at 6 and at 16 digits, sets the charge mode, and pays with a valid card', async () => {
    const lookupBin = vi.fn().mockResolvedValue({ paymentMode: 'CREDIT_CARD', channelCode: 'VISA' });
    const { user, onPay, onModeChange } = renderCard(lookupBin);
    await user.type(screen.getByLabelText('Card number'), '4111111111111111');
    await waitFor(() => expect(lookupBin).toHaveBeenCalledTimes(2));
    expect(lookupBin.mock.calls.map((c) => c[1])).toEqual(['411111', '4111111111111111']);
    expect(onModeChange).toHaveBeenCalledWith('CC');
    expect(await screen.findByText('Credit card')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Valid thru (MM/YY)'), '1230');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.type(screen.getByLabelText('Name on card'), 'Rajesh Kumar');
    await user.click(screen.getByLabelText('Save this card for faster payments'));
    await user.click(screen.getByRole('button', { name: 'Pay ₹502' }));
    expect(onPay).toHaveBeenCalledWith({
      number: '4111111111111111',
      cvv: '123',
      expiry: '12/30',
      name: 'Rajesh Kumar',
      save: true,
      cardType: 'CREDIT_CARD',
    });
  });

  it('does not pay while any field is wrong', async () => {
    const { user, onPay } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Pay ₹502' }));
    expect(onPay).not.toHaveBeenCalled();
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(3);
  });
});

const cards: SavedCard[] = [
  {
    displayName: 'Visa Debit Card',
    channelCode: 'VISA',
    cardDetails: { cardId: 'C1', cardType: 'DEBIT_CARD', lastFourDigit: '1881', cvvLength: 3 },
  },
  {
    displayName: 'Mastercard Credit Card',
    channelCode: 'MASTER',
    cardDetails: { cardId: 'C2', cardType: 'CREDIT_CARD', lastFourDigit: '4444', cvvLength: 4 },
  },
];

describe('saved card (spec fastag §4, §5)', () => {
  function renderSaved() {
    const onPay = vi.fn();
    const onModeChange = vi.fn();
    const r = renderApp(<SavedCardsSection cards={cards} payLabel="Pay ₹502" onModeChange={onModeChange} onPay={onPay} />);
    return { ...r, onPay, onModeChange };
  }

  it('shows the pay button only once the CVV is focused, and hides it again when left empty', async () => {
    const { user } = renderSaved();
    expect(screen.queryByRole('button', { name: 'Pay ₹502' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('CVV for card ending 1881'));
    expect(screen.getByRole('button', { name: 'Pay ₹502' })).toBeInTheDocument();
    fireEvent.blur(screen.getByLabelText('CVV for card ending 1881'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pay ₹502' })).not.toBeInTheDocument());
  });

  it.each([
    ['C1', '1881', '12a', 'Only digits are allowed'],
    ['C1', '1881', '1234', 'Max. length should be 3'],
    ['C1', '1881', '12', 'Min. length should be 3'],
    ['C2', '4444', '123', 'Min. length should be 4'],
    ['C2', '4444', '12345', 'Max. length should be 4'],
  ])('card %s CVV %j → %s', async (_id, last4, value, message) => {
    const { user } = renderSaved();
    await user.type(screen.getByLabelText(`CVV for card ending ${last4}`), value);
    fireEvent.blur(screen.getByLabelText(`CVV for card ending ${last4}`));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('typing in another card resets the first; pays with the card and its CVV and sets its mode', async () => {
    const { user, onPay, onModeChange } = renderSaved();
    await user.type(screen.getByLabelText('CVV for card ending 1881'), '12');
    expect(onModeChange).toHaveBeenLastCalledWith('DC');
    await user.type(screen.getByLabelText('CVV for card ending 4444'), '4321');
    expect(screen.getByLabelText('CVV for card ending 1881')).toHaveValue('');
    expect(onModeChange).toHaveBeenLastCalledWith('CC');
    await user.click(screen.getByRole('button', { name: 'Pay ₹502' }));
    expect(onPay).toHaveBeenCalledWith(cards[1], '4321');
  });
});

describe('UPI (spec fastag §5)', () => {
  it.each([['ab@okaxis'], ['ramesh'], ['ramesh@ok'], ['ramesh@12345']])('%j → Invalid UPI', async (vpa) => {
    const onPay = vi.fn();
    const { user } = renderApp(<UpiSection payLabel="Pay ₹500" onPay={onPay} />);
    await user.type(screen.getByLabelText('UPI ID'), vpa);
    await user.click(screen.getByRole('button', { name: 'Pay ₹500' }));
    expect(await screen.findByText('Invalid UPI')).toBeInTheDocument();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('pays with a valid address', async () => {
    const onPay = vi.fn();
    const { user } = renderApp(<UpiSection payLabel="Pay ₹500" onPay={onPay} />);
    await user.type(screen.getByLabelText('UPI ID'), 'ramesh@oksbi');
    await user.click(screen.getByRole('button', { name: 'Pay ₹500' }));
    expect(onPay).toHaveBeenCalledWith('ramesh@oksbi');
  });
});

describe('net banking (spec fastag §4, §5)', () => {
  const channels = [
    { channelCode: 'SBI', channelName: 'State Bank of India', iconUrl: '/i/SBI.svg' },
    { channelCode: 'HDFC', channelName: 'HDFC Bank' },
    { channelCode: 'ICICI', channelName: 'ICICI Bank' },
    { channelCode: 'AXIS', channelName: 'Axis Bank' },
    { channelCode: 'KOTAK', channelName: 'Kotak Mahindra Bank' },
  ];

  it('refuses to pay without a bank ("Select" is not a bank)', async () => {
    const onPay = vi.fn();
    const { user } = renderApp(<NetbankingSection channels={channels} payLabel="Pay ₹506" onPay={onPay} />);
    await user.click(screen.getByRole('button', { name: 'Pay ₹506' }));
    expect(await screen.findByText('Please select a bank')).toBeInTheDocument();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('picks a bank by its icon', async () => {
    const onPay = vi.fn();
    const { user } = renderApp(<NetbankingSection channels={channels} payLabel="Pay ₹506" onPay={onPay} />);
    await user.click(screen.getByRole('button', { name: 'HDFC Bank' }));
    await user.click(screen.getByRole('button', { name: 'Pay ₹506' }));
    expect(onPay).toHaveBeenCalledWith('HDFC');
  });
});
