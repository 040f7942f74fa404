import {
  emailSchema,
  LANDING_SCREENS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type Settings,
  type SettingsUpdate,
} from '@bhada/contracts/account/account';
import { Button, Card, Group, SegmentedControl, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryPage } from '../../../../components/query-page.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { setLanguage } from '../../../../lib/i18n.ts';
import { toast } from '../../../../lib/notify.ts';
import { useSaveSettings, useSettings } from '../api/account-api.ts';
import { accountMessage } from '../messages.ts';

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation('account');
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Settings>(settings);
  const [email, setEmail] = useState(settings.statementEmail ?? '');
  const [emailError, setEmailError] = useState<string>();
  useEffect(() => setDraft(settings), [settings]);

  const toggle = (kind: (typeof NOTIFICATION_KINDS)[number], channel: (typeof NOTIFICATION_CHANNELS)[number], on: boolean) =>
    setDraft((d) => ({ ...d, notifications: { ...d.notifications, [kind]: { ...d.notifications[kind], [channel]: on } } }));

  const submit = async () => {
    setEmailError(undefined);
    let statementEmail: string | null = null;
    if (email.trim()) {
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) {
        setEmailError(accountMessage(t, parsed.error.issues[0]?.message ?? ''));
        return;
      }
      statementEmail = parsed.data;
    }
    const body: SettingsUpdate = {
      language: draft.language,
      notifications: draft.notifications,
      landingScreen: draft.landingScreen,
      statementEmail,
    };
    try {
      const saved = await save.mutateAsync(body);
      await setLanguage(saved.language);
      toast({ msg: t('settings.saved') });
    } catch (e) {
      if (isApiError(e) && e.field === 'statementEmail') setEmailError(accountMessage(t, e.message));
    }
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={5}>{t('settings.language')}</Title>
          <SegmentedControl
            value={draft.language}
            onChange={(v) => setDraft((d) => ({ ...d, language: v as Settings['language'] }))}
            data={[
              { value: 'en', label: 'English' },
              { value: 'hi', label: 'हिन्दी' },
            ]}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={5}>{t('settings.notifications')}</Title>
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.kind')}</Table.Th>
                  {NOTIFICATION_CHANNELS.map((c) => (
                    <Table.Th key={c}>{t(`settings.channel.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {NOTIFICATION_KINDS.map((kind) => (
                  <Table.Tr key={kind}>
                    <Table.Td>
                      <Text size="sm">{t(`settings.kinds.${kind}`)}</Text>
                    </Table.Td>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <Table.Td key={channel}>
                        <Switch
                          size="md"
                          aria-label={`${t(`settings.kinds.${kind}`)} ${t(`settings.channel.${channel}`)}`}
                          checked={draft.notifications[kind][channel]}
                          onChange={(e) => toggle(kind, channel, e.currentTarget.checked)}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Select
            label={t('settings.landingScreen')}
            value={draft.landingScreen}
            allowDeselect={false}
            onChange={(v) => v && setDraft((d) => ({ ...d, landingScreen: v as Settings['landingScreen'] }))}
            data={LANDING_SCREENS.map((s) => ({ value: s, label: t(`settings.landing.${s}`) }))}
          />
          <TextInput
            label={t('settings.statementEmail')}
            description={t('settings.statementEmailHelp')}
            type="email"
            value={email}
            error={emailError}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </Stack>
      </Card>
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={save.isPending} mih={44}>
          {t('settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** spec fastag §2.10 menu Settings; marketplace §7 "GET and POST /setting": saved per user. */
export default function SettingsPage() {
  const { t } = useTranslation('account');
  return (
    <QueryPage title={t('settings.title')} query={useSettings()}>
      {(s) => <SettingsForm settings={s} />}
    </QueryPage>
  );
}
