import { Loader, Overlay, Stack, Text } from '@mantine/core';

/** spec: fastag-payments-shell §2.10 — a full-screen loader with an optional message. */
export function FullScreenLoader({ message }: { message?: string }) {
  return (
    <Overlay fixed center backgroundOpacity={0.6} color="#fff" zIndex={400} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        {message ? (
          <Text fw={500} ta="center" px="md">
            {message}
          </Text>
        ) : null}
      </Stack>
    </Overlay>
  );
}
