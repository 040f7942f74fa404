import {
  type Declaration,
  type DeclarationKind,
  declarationRequestSchema,
  financialYearOf,
  MAX_GOODS_CARRIAGES,
} from '@bhada/contracts/account/account';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../../../components/back-header.tsx';
import { DateField } from '../../../../components/date-field.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { zodResolver } from '../../../../lib/form.ts';
import { formatDate, toIst } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { downloadDeclaration, useDeclarations, useFileDeclaration, useProfile } from '../api/account-api.ts';
import { accountMessage } from '../messages.ts';

type Values = {
  name: string;
  fatherName: string;
  panNumber: string;
  street: string;
  city: string;
  state: string;
  pinCode: string;
  number: string;
  vehicles: string;
  currentDate: string;
  startDate: string;
  endDate: string;
};

/** Today in India (yyyy-MM-dd): the date pickers' maximum (spec §5: no future dates). */
export const istToday = () => toIst(Date.now()).format('YYYY-MM-DD');
const fyBounds = (day: string) => {
  const start = Number(financialYearOf(day).slice(0, 4));
  return { start: `${start}-04-01`, end: `${start + 1}-03-31` };
};

export const toRequest = (v: Values) => ({
  name: v.name,
  fatherName: v.fatherName,
  panNumber: v.panNumber,
  street: v.street,
  city: v.city,
  state: v.state,
  pinCode: v.pinCode,
  number: v.number,
  vehicleNumber: v.vehicles
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean),
  currentDate: v.currentDate,
  startDate: v.startDate,
  endDate: v.endDate,
});

function DeclarationRow({ d }: { d: Declaration }) {
  const { t } = useTranslation('account');
  const [failed, setFailed] = useState(false);
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{t(`tds.kind.${d.kind}`)}</Text>
          <Text size="sm" c="dimmed">
            {t('tds.periodOf', { fy: d.financialYear, from: formatDate(d.startDate), to: formatDate(d.endDate) })}
          </Text>
          <Text size="sm">{d.vehicleNumber.join(', ')}</Text>
        </Stack>
        <Group gap="xs">
          <Badge color={d.status === 'ACTIVE' ? 'green' : d.status === 'UPCOMING' ? 'blue' : 'gray'}>{t(`tds.status.${d.status}`)}</Badge>
          <Button
            size="xs"
            variant="light"
            mih={44}
            leftSection={<IconDownload size={14} />}
            onClick={() => {
              setFailed(false);
              downloadDeclaration(
                d.pdfPath,
                `${d.kind === 'TDS_DECLARATION' ? 'tds-declaration' : 'undertaking'}-${d.financialYear}.pdf`,
              ).catch(() => setFailed(true));
            }}
          >
            {t('tds.download')}
          </Button>
        </Group>
      </Group>
      {failed ? (
        <Text size="sm" c="red">
          {t('tds.downloadFailed')}
        </Text>
      ) : null}
    </Card>
  );
}

/** spec fastag §2.4 /web-view/operator-tds-declaration: the 194C(6) declaration and the undertaking. */
export default function TdsDeclarationPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('tds.title'));
  const declarations = useDeclarations();
  const profile = useProfile();
  const file = useFileDeclaration();
  const [kind, setKind] = useState<DeclarationKind>('TDS_DECLARATION');
  const [failure, setFailure] = useState<string>();
  const today = istToday();
  const fy = fyBounds(today);
  const translate = (m: string) => accountMessage(t, m);

  const form = useForm<Values>({
    initialValues: {
      name: profile.data?.ownerName ?? '',
      fatherName: '',
      panNumber: profile.data?.pan ?? '',
      street: '',
      city: profile.data?.city ?? '',
      state: '',
      pinCode: '',
      number: profile.data?.phone ?? '',
      vehicles: '',
      currentDate: today,
      startDate: fy.start,
      endDate: fy.end,
    },
    validate: (values) => {
      const errors = zodResolver(declarationRequestSchema, translate)(toRequest(values));
      const mapped: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(errors)) mapped[key.startsWith('vehicleNumber') ? 'vehicles' : key] = value;
      if (values.currentDate > today) mapped.currentDate = translate('The date cannot be in the future');
      if (values.startDate > today) mapped.startDate = translate('The date cannot be in the future');
      return mapped as Record<string, string>;
    },
  });

  // the owner's details fill the empty fields once the profile arrives
  const known = profile.data;
  useEffect(() => {
    if (!known) return;
    form.setValues((v) => ({
      name: v.name || known.ownerName,
      panNumber: v.panNumber || (known.pan ?? ''),
      city: v.city || (known.city ?? ''),
      number: v.number || known.phone,
    }));
  }, [known]);

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    try {
      await file.mutateAsync({ kind, body: toRequest(values) });
      toast({ msg: kind === 'TDS_DECLARATION' ? t('tds.saved') : t('tds.undertakingSaved') });
    } catch (e) {
      // spec §8: the failure message is the server's (response.data.message)
      setFailure(e instanceof Error ? translate(e.message) : t('tds.failed'));
      if (isApiError(e) && e.field) form.setFieldError(e.field.startsWith('vehicleNumber') ? 'vehicles' : e.field, translate(e.message));
    }
  });

  return (
    <Container size="sm" px="xs" py="sm">
      <BackHeader title={t('tds.title')} />
      <Stack gap="md">
        <QueryState query={declarations}>
          {(data) => (
            <Stack gap="sm">
              <Group gap="xs">
                <Badge color={data.tdsDeclared ? 'green' : 'orange'} size="lg">
                  {data.tdsDeclared ? t('tds.declared') : t('tds.notDeclared')}
                </Badge>
                <Badge color={data.undertakingDeclared ? 'green' : 'orange'} size="lg">
                  {data.undertakingDeclared ? t('tds.undertakingDeclared') : t('tds.undertakingNotDeclared')}
                </Badge>
              </Group>
              {data.declarations.length === 0 ? <Text c="dimmed">{t('tds.none')}</Text> : null}
              {data.declarations.map((d) => (
                <DeclarationRow key={d.id} d={d} />
              ))}
            </Stack>
          )}
        </QueryState>

        <Card withBorder radius="md">
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <SegmentedControl
                value={kind}
                onChange={(v) => setKind(v as DeclarationKind)}
                data={[
                  { value: 'TDS_DECLARATION', label: t('tds.kind.TDS_DECLARATION') },
                  { value: 'UNDERTAKING', label: t('tds.kind.UNDERTAKING') },
                ]}
              />
              <Text size="sm">{kind === 'TDS_DECLARATION' ? t('tds.text194c') : t('tds.textUndertaking')}</Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('tds.name')} {...form.getInputProps('name')} />
                <TextInput label={t('tds.fatherName')} {...form.getInputProps('fatherName')} />
                <TextInput label={t('tds.panNumber')} maxLength={10} placeholder="ABCDE1234F" {...form.getInputProps('panNumber')} />
                <TextInput label={t('tds.number')} inputMode="numeric" maxLength={10} {...form.getInputProps('number')} />
                <TextInput label={t('tds.street')} {...form.getInputProps('street')} />
                <TextInput label={t('tds.city')} {...form.getInputProps('city')} />
                <TextInput label={t('tds.state')} {...form.getInputProps('state')} />
                <TextInput label={t('tds.pinCode')} inputMode="numeric" maxLength={6} {...form.getInputProps('pinCode')} />
              </SimpleGrid>
              <Textarea
                label={t('tds.vehicles', { max: MAX_GOODS_CARRIAGES })}
                description={t('tds.vehiclesHelp')}
                rows={2}
                {...form.getInputProps('vehicles')}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <DateField label={t('tds.currentDate')} maxDate={today} {...form.getInputProps('currentDate')} />
                <DateField label={t('tds.startDate')} minDate={fy.start} maxDate={today} {...form.getInputProps('startDate')} />
                {/* the declaration covers the whole financial year: its end may lie ahead */}
                <DateField label={t('tds.endDate')} allowFuture minDate={fy.start} maxDate={fy.end} {...form.getInputProps('endDate')} />
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {t('tds.fyNote', { fy: financialYearOf(today), end: formatDate(`${fy.end}T12:00:00+05:30`) })}
              </Text>
              {failure ? (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <Button type="submit" loading={file.isPending} mih={44}>
                {kind === 'TDS_DECLARATION' ? t('tds.submit') : t('tds.submitUndertaking')}
              </Button>
            </Stack>
          </form>
        </Card>
      </Stack>
    </Container>
  );
}
