import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upiProblem } from '../lib/validation.ts';

/** spec fastag §4/§5 UPI: validated here first, then by the provider, then paid. */
export function UpiSection({ payLabel, serverError, onPay }: { payLabel: string; serverError?: string; onPay: (vpa: string) => void }) {
  const { t } = useTranslation('payments');
  const [vpa, setVpa] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = upiProblem(vpa);
  return (
    <Stack gap="sm">
      <TextInput
        label={t('payment.upiId')}
        placeholder={t('payment.upiPlaceholder')}
        autoComplete="off"
        autoCapitalize="none"
        value={vpa}
        onChange={(e) => setVpa(e.currentTarget.value.trim())}
        onBlur={() => setTouched(Boolean(vpa))}
        error={(touched && problem ? t(problem.key) : undefined) ?? serverError}
      />
      <Text size="xs" c="dimmed">
        {t('payment.upiHint')}
      </Text>
      <Button
        size="md"
        onClick={() => {
          setTouched(true);
          if (!problem) onPay(vpa);
        }}
      >
        {payLabel}
      </Button>
    </Stack>
  );
}
