import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

/** Menu entries whose areas later releases build (spec: "several items link to /node/... or old pages"). */
export function ComingSoonPage() {
  const { t } = useTranslation(['common', 'shell']);
  return <ComingSoon title={t('common:comingSoonTitle')} text={t('shell:comingSoonText')} />;
}

export default ComingSoonPage;
