import { Paper, Text, Title } from '@mantine/core';

/** An honest placeholder for an area the menu links to but this release does not build yet. */
export function ComingSoon({ title, text }: { title: string; text: string }) {
  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <Title order={3} mb="xs">
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
    </Paper>
  );
}
