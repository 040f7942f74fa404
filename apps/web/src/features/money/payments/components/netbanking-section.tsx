import type { PayChannel } from '@bhada/contracts/money/payments';
import { Button, Image, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const POPULAR = 4;

/** spec fastag §4/§5 Net banking: a bank by icon or from the list ("Select" is not a bank). */
export function NetbankingSection({
  channels,
  payLabel,
  onPay,
}: {
  channels: PayChannel[];
  payLabel: string;
  onPay: (channelCode: string) => void;
}) {
  const { t } = useTranslation('payments');
  const [bank, setBank] = useState<string | null>(null);
  const [error, setError] = useState(false);
  const choose = (code: string | null) => {
    setBank(code);
    if (code) setError(false);
  };
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {t('payment.popularBanks')}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {channels.slice(0, POPULAR).map((c) => (
          <UnstyledButton
            key={c.channelCode}
            onClick={() => choose(c.channelCode)}
            aria-pressed={bank === c.channelCode}
            p="xs"
            style={{
              border: `2px solid ${bank === c.channelCode ? 'var(--mantine-color-indigo-6)' : 'var(--mantine-color-gray-3)'}`,
              borderRadius: 8,
              textAlign: 'center',
            }}
          >
            {c.iconUrl ? <Image src={c.iconUrl} alt="" w={32} h={32} mx="auto" /> : null}
            <Text size="xs" mt={4} lineClamp={2}>
              {c.channelName}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Select
        label={t('payment.otherBank')}
        placeholder={t('payment.select')}
        data={channels.map((c) => ({ value: c.channelCode, label: c.channelName }))}
        value={bank}
        onChange={choose}
        searchable
        error={error ? t('errors.selectBank') : undefined}
        comboboxProps={{ withinPortal: false }}
      />
      <Button
        size="md"
        onClick={() => {
          if (!bank) {
            setError(true);
            return;
          }
          onPay(bank);
        }}
      >
        {payLabel}
      </Button>
    </Stack>
  );
}
