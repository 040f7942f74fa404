import { NumberInput, type NumberInputProps } from '@mantine/core';

/** An amount in rupees as people write it in India: ₹ in front, lakh grouping (1,00,000), at most paise. */
export function RupeeInput(props: NumberInputProps) {
  return <NumberInput prefix="₹" thousandSeparator="," thousandsGroupStyle="lakh" decimalScale={2} {...props} />;
}
