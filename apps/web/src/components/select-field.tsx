import { Select, type SelectProps } from '@mantine/core';

/** The real select, a chunk of its own: components/deferred-select.tsx loads it when a reader opens one. */
export default function SelectField(props: SelectProps) {
  return <Select {...props} />;
}
