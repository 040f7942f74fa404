import { PinInput, type PinInputProps } from '@mantine/core';

/** The one-time code's boxes: a chunk of their own, fetched when the phone number is sent (ADR 170). */
export default function CodeInput(props: PinInputProps) {
  return <PinInput {...props} />;
}
