import { Alert, Button, SegmentedControl, Text } from '@mantine/core';

export type StatementFormat = 'xlsx' | 'pdf';

/** The end of every statement dialog (Fastag and wallet): format choice, error and the download button. */
export function StatementFormatFooter(props: {
  formatLabel: string;
  format: StatementFormat;
  onFormatChange: (format: StatementFormat) => void;
  error?: string;
  pending: boolean;
  downloadLabel: string;
  onDownload: () => void;
}) {
  return (
    <>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {props.formatLabel}
        </Text>
        <SegmentedControl
          value={props.format}
          onChange={(v) => props.onFormatChange(v as StatementFormat)}
          data={[
            { value: 'xlsx', label: 'XLSX' },
            { value: 'pdf', label: 'PDF' },
          ]}
        />
      </div>
      {props.error && (
        <Alert color="red" role="alert">
          {props.error}
        </Alert>
      )}
      <Button onClick={props.onDownload} loading={props.pending}>
        {props.downloadLabel}
      </Button>
    </>
  );
}
