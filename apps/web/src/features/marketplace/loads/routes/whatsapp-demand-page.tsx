import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/query-state.tsx';
import { paths, pathWith } from '../../../../lib/paths.ts';

/**
 * spec: fastag §2.4 whatsapp-demand — a load opened from a shared WhatsApp link. The details page
 * records utm-source WHATSAPP through the HTTP client's utm_source rule.
 */
export function WhatsappDemandPage() {
  const { t } = useTranslation('loads');
  const [params] = useSearchParams();
  const demandId = params.get('demandId') ?? params.get('id');
  if (!demandId) {
    return (
      <Container size="sm" py="xl">
        <EmptyState text={t('linkBroken')} />
      </Container>
    );
  }
  return <Navigate to={`${pathWith(paths.activeLoadDetails, { demandId })}?utm_source=WHATSAPP`} replace />;
}

export default WhatsappDemandPage;
