import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Previous / "page n of m" / next under an operations list; pages count from 0 as on the wire. */
export function Pager({ pageNo, totalPages, onPage }: { pageNo: number; totalPages: number; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation('operations');
  return (
    <Group justify="space-between">
      <Button h={44} variant="default" disabled={pageNo === 0} onClick={() => onPage(pageNo - 1)}>
        {t('common.previous')}
      </Button>
      <Text size="sm">{t('common.page', { page: pageNo + 1, total: Math.max(1, totalPages) })}</Text>
      <Button h={44} variant="default" disabled={pageNo + 1 >= totalPages} onClick={() => onPage(pageNo + 1)}>
        {t('common.next')}
      </Button>
    </Group>
  );
}
