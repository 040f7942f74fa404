import { formatPaisa, parseRupees } from '@bhada/contracts/money/amounts';
import { CHARGE_TYPES, type ChargeType } from '@bhada/contracts/trips/trips';
import { Alert, Badge, Button, Card, Group, List, Modal, NumberInput, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../components/query-state.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { isVersionAtLeast, nativeBridge } from '../../../../lib/native-bridge.ts';
import { toast } from '../../../../lib/notify.ts';
import { storage } from '../../../../lib/storage.ts';
import { useClaimCharge, useExpensePolicy } from '../api/claim-charge.ts';
import { useTripExpenses } from '../api/get-trip-expenses.ts';

/** spec §9: the native expense manager exists from app version 13.7.0 */
const EXPENSE_MANAGER_MIN_VERSION = '13.7.0';

export function ExpensesCard({ tripId, canClaim }: { tripId: string; canClaim: boolean }) {
  const { t } = useTranslation('trips');
  const query = useTripExpenses(tripId);
  const [open, setOpen] = useState(false);
  const native = nativeBridge.available && isVersionAtLeast(storage.get('appVersion'), EXPENSE_MANAGER_MIN_VERSION);
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" mb="xs">
        <Title order={5}>{t('expenses.title')}</Title>
        {canClaim ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => (native ? nativeBridge.post({ type: 'OPEN_EXPENSE_MANAGER', payload: { tripId } }) : setOpen(true))}
          >
            {t('expenses.claim')}
          </Button>
        ) : null}
      </Group>
      <QueryState
        query={query}
        isEmpty={(d) => d.expenses.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('expenses.empty')}
          </Text>
        }
      >
        {(d) => (
          <Stack gap={6}>
            {d.expenses.map((e) => (
              <Group key={e.tripExpenseId} justify="space-between" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm">{t(`chargeTypes.${e.type}`)}</Text>
                  <Text size="xs" c="dimmed" truncate>
                    {e.description}
                  </Text>
                </Stack>
                <Stack gap={0} align="flex-end">
                  <Text size="sm">{formatPaisa(e.approvedAmountInPaisa ?? e.amountInPaisa)}</Text>
                  <Badge size="xs" variant="light" color={e.status === 'REJECTED' ? 'red' : e.status === 'CLAIMED' ? 'yellow' : 'teal'}>
                    {t(`chargeStatus.${e.status}`)}
                  </Badge>
                </Stack>
              </Group>
            ))}
            <Text size="xs" c="dimmed">
              {t('expenses.summary', {
                claimed: formatPaisa(d.summary.claimedInPaisa),
                approved: formatPaisa(d.summary.approvedInPaisa),
                paid: formatPaisa(d.summary.paidInPaisa),
              })}
            </Text>
          </Stack>
        )}
      </QueryState>
      {open ? <ClaimModal tripId={tripId} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

function ClaimModal({ tripId, onClose }: { tripId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('trips');
  const [type, setType] = useState<ChargeType>('DETENTION');
  const [amount, setAmount] = useState<number | string>('');
  const [description, setDescription] = useState('');
  const policy = useExpensePolicy(tripId, type);
  const claim = useClaimCharge();
  const hindi = i18n.language === 'hi';
  const error = claim.error ? (isApiError(claim.error) ? claim.error.message : t('somethingWentWrong')) : null;
  return (
    <Modal opened onClose={onClose} title={t('expenses.claim')} centered>
      <Stack gap="sm">
        <Select
          label={t('expenses.type')}
          data={CHARGE_TYPES.map((c) => ({ value: c, label: t(`chargeTypes.${c}`) }))}
          value={type}
          onChange={(v) => v && setType(v as ChargeType)}
          allowDeselect={false}
        />
        {policy.data ? (
          <Alert color="blue" title={hindi ? policy.data.titleHi : policy.data.title}>
            <List size="sm">
              {(hindi ? policy.data.rulesHi : policy.data.rules).map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
            <Text size="xs" mt={4}>
              {t('expenses.max', { amount: formatPaisa(policy.data.maxInPaisa) })}
            </Text>
          </Alert>
        ) : null}
        <NumberInput
          label={t('expenses.amount')}
          prefix="₹ "
          min={1}
          decimalScale={2}
          thousandSeparator=","
          value={amount}
          onChange={setAmount}
        />
        <Textarea
          label={t('expenses.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          minRows={2}
        />
        {error ? <Alert color="red">{error}</Alert> : null}
        <Button
          loading={claim.isPending}
          disabled={!Number(amount) || description.trim().length < 3}
          onClick={() =>
            claim.mutate(
              { tripId, type, amountInPaisa: parseRupees(amount) ?? 0, description: description.trim(), documentKeys: [] },
              {
                onSuccess: () => {
                  toast({ msg: t('expenses.submitted') });
                  onClose();
                },
              },
            )
          }
        >
          {t('expenses.submit')}
        </Button>
      </Stack>
    </Modal>
  );
}
