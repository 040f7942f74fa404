import { formatPaisa } from '@bhada/contracts/money/amounts';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useDemandDocuments } from '../api/demand-documents.ts';

/** The trip card's documents: docket, e-way bill, goods invoices, POD photos and bilti. */
export function DemandDocuments({ demandId }: { demandId: string }) {
  const { t } = useTranslation('consigner');
  const [open, setOpen] = useState(false);
  const query = useDemandDocuments(demandId, open);
  return (
    <Stack gap="xs" mt="xs">
      <Button size="sm" h={44} variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {t('documents.toggle')}
      </Button>
      {open && (
        <QueryState query={query} isEmpty={(d) => d.documents.length === 0} empty={<EmptyState text={t('documents.none')} />}>
          {(data) => (
            <Stack gap={4}>
              {data.documents.map((d, i) => (
                <Text key={`${d.type}-${i}`} size="sm">
                  <b>{t(`documents.types.${d.type}`)}</b>
                  {d.number ? ` · ${d.number}` : ''}
                  {d.date ? ` · ${formatDate(d.date)}` : ''}
                  {d.valueInPaisa !== null ? ` · ${formatPaisa(d.valueInPaisa)}` : ''}
                  {d.viewUrl ? (
                    <>
                      {' · '}
                      <Anchor href={d.viewUrl} target="_blank" rel="noopener">
                        {t('documents.view')}
                      </Anchor>
                    </>
                  ) : null}
                </Text>
              ))}
            </Stack>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
