import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** spec: fastag-payments-shell §2.10 — the root error fallback. */
export function ErrorFallback() {
  const { t } = useTranslation('common');
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="xs" role="alert">
        <Title order={2} ta="center">
          {t('oops')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('refreshHint')}
        </Text>
        <Button mt="sm" onClick={() => window.location.reload()}>
          {t('refreshPage')}
        </Button>
      </Stack>
    </Center>
  );
}

export class RootErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // spec §7.5 samples error traces at 100%: every crash is logged, none is swallowed
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
