import { POLICY_VERSIONS } from '@bhada/contracts/account/account';
import { Anchor, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LanguageToggle } from '../../../../components/language-toggle.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { paths, pathWith } from '../../../../lib/paths.ts';
import { contentOf, PUBLIC_PAGES } from '../policy-content.ts';

export { contentOf, PUBLIC_PAGES } from '../policy-content.ts';

/** spec fastag §2.3 public pages and marketplace §2 damage-shortage-policy: no login, English and Hindi. */
export default function PublicPolicyPage({ type: fixed }: { type?: string }) {
  const { t } = useTranslation('account');
  const params = useParams();
  const raw = fixed ?? params.type ?? '';
  // the spec's operator pages end in "-policy" (fo/damage-shortage-policy); cookie-policy is a name of its own
  const type = PUBLIC_PAGES.includes(raw) ? raw : raw.replace(/-policy$/, '');
  const content = contentOf(type);
  const audience = content?.audience ? t(`policies.audience.${content.audience}`) : undefined;
  const title = content ? t(`policies.${content.key}.title`, { audience }) : t('policies.notFound');
  usePageTitle(title);
  const body = content ? (t(`policies.${content.key}.body`, { returnObjects: true, audience }) as unknown as string[]) : [];
  const version = (POLICY_VERSIONS as Partial<Record<string, number>>)[type];

  return (
    <Container size="sm" px="md" py="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Text fw={700} c="dimmed">
          {t('policies.pageTitle')}
        </Text>
        <LanguageToggle />
      </Group>
      <Stack gap="sm">
        <Title order={2}>{title}</Title>
        {version ? (
          <Text size="sm" c="dimmed">
            {t('policies.version', { version })}
          </Text>
        ) : null}
        {Array.isArray(body) ? body.map((paragraph) => <Text key={paragraph}>{paragraph}</Text>) : null}
        {!content ? <PolicyIndex /> : null}
      </Stack>
    </Container>
  );
}

function PolicyIndex() {
  const { t } = useTranslation('account');
  return (
    <List spacing={6}>
      {PUBLIC_PAGES.map((type) => {
        const c = contentOf(type) as { key: string; audience?: string };
        const audience = c.audience ? t(`policies.audience.${c.audience}`) : undefined;
        return (
          <List.Item key={type}>
            <Anchor component={Link} to={pathWith(paths.publicPolicy, { type })}>
              {t(`policies.${c.key}.title`, { audience })}
            </Anchor>
          </List.Item>
        );
      })}
    </List>
  );
}

/** The list of every public page (/public/policies). */
export function PublicPoliciesIndexPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('policies.allPolicies'));
  return (
    <Container size="sm" px="md" py="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2}>{t('policies.allPolicies')}</Title>
        <LanguageToggle />
      </Group>
      <PolicyIndex />
    </Container>
  );
}
