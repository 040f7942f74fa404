import { type FeeMode, feeModeOfCard, type SavedCard } from '@bhada/contracts/money/payments';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Problem, savedCvvProblem } from '../lib/validation.ts';

const REQUIRED: Problem = { key: 'payments:errors.required' };

/**
 * spec fastag §4 Saved card: the pay button appears once the CVV field is focused and hides again
 * when it is left empty; typing in another card's field resets the form to that card.
 */
export function SavedCardsSection({
  cards,
  payLabel,
  onModeChange,
  onPay,
}: {
  cards: SavedCard[];
  payLabel: string;
  onModeChange: (mode: FeeMode) => void;
  onPay: (card: SavedCard, cvv: string) => void;
}) {
  const { t } = useTranslation('payments');
  const [activeId, setActiveId] = useState<string>();
  const [cvv, setCvv] = useState('');
  const [focused, setFocused] = useState(false);
  const [showError, setShowError] = useState(false);

  const activate = (card: SavedCard) => {
    if (activeId !== card.cardDetails.cardId) {
      setActiveId(card.cardDetails.cardId);
      setCvv('');
      setShowError(false);
      onModeChange(feeModeOfCard(card.cardDetails.cardType));
    }
  };

  return (
    <Stack gap="sm">
      {cards.map((card) => {
        const id = card.cardDetails.cardId;
        const active = activeId === id;
        const value = active ? cvv : '';
        const problem = active ? (savedCvvProblem(cvv, card.cardDetails.cvvLength) ?? (cvv ? undefined : REQUIRED)) : undefined;
        const showPay = active && (focused || cvv.length > 0);
        return (
          <Paper key={id} withBorder radius="md" p="sm" bg={active ? 'indigo.0' : undefined}>
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <div>
                <Text fw={600} size="sm">
                  {card.displayName}
                </Text>
                <Text size="sm" c="dimmed">
                  •••• {card.cardDetails.lastFourDigit}
                </Text>
              </div>
              <Badge variant="light">{card.channelCode}</Badge>
            </Group>
            <TextInput
              label={t('payment.cvvFor', { last4: card.cardDetails.lastFourDigit })}
              type="password"
              inputMode="numeric"
              autoComplete="cc-csc"
              value={value}
              maxLength={card.cardDetails.cvvLength + 2}
              w={160}
              error={active && showError && problem ? t(problem.key, problem.values) : undefined}
              onFocus={() => {
                activate(card);
                setFocused(true);
              }}
              onBlur={() => {
                setFocused(false);
                if (cvv) setShowError(true);
              }}
              onChange={(e) => {
                const next = e.currentTarget.value;
                if (!active) {
                  activate(card);
                }
                setCvv(next);
                if (showError && !savedCvvProblem(next, card.cardDetails.cvvLength)) setShowError(false);
              }}
            />
            {showPay ? (
              <Button
                mt="sm"
                fullWidth
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  if (problem) {
                    setShowError(true);
                    return;
                  }
                  onPay(card, cvv);
                }}
              >
                {payLabel}
              </Button>
            ) : null}
          </Paper>
        );
      })}
    </Stack>
  );
}
