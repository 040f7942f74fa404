import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { usePageTitle } from '../../../components/page-title.tsx';

/** spec: fastag §2.2 — the consigner home; its content is not specified yet, so it says so. */
export function ConsignerVehiclesPage() {
  const { t } = useTranslation('consigner');
  usePageTitle(t('vehiclesTitle'));
  return <ComingSoon title={t('vehiclesTitle')} text={t('arrivesLater')} />;
}

export default ConsignerVehiclesPage;
