import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * The Fastag dialogs that ask for one rupee amount (recharge, minimum balance): a hint, the amount
 * field with its own error, the server's refusal and one submit button. `onSubmit` gets the typed
 * text and returns the field error to show, or null when the amount went to the server.
 */
export function AmountDialog(props: {
  title: string;
  hint?: ReactNode;
  label: string;
  submitLabel: string;
  initialAmount?: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (amount: string) => string | null;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState(props.initialAmount ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(props.onSubmit(amount));
        }}
      >
        <Stack>
          {props.hint ? (
            <Text size="sm" c="dimmed">
              {props.hint}
            </Text>
          ) : null}
          <TextInput
            label={props.label}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          {props.serverError !== null && (
            <Alert color="red" role="alert">
              {props.serverError}
            </Alert>
          )}
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
