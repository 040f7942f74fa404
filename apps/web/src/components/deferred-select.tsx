import { type SelectProps, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

const loadSelect = () => import('./select-field.tsx');
const Select = lazy(loadSelect);

/** Mantine's own chevron, so the field looks the same before and after the real select arrives. */
function Chevron() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true" style={{ width: 'var(--combobox-chevron-size, 16px)' }}>
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * A select whose dropdown machinery (combobox, popover, floating positioning, scroll area: about 35 KB
 * gzipped) is fetched when the reader first opens it, not with the page (ADR 089). Until then an empty
 * field of the same size stands in: a hover fetches the chunk early, and a focus (tap, click or Tab)
 * puts the real select in its place, focused and open. A field that has a value is drawn as the real
 * select at once, so a chosen value and its clear button never wait.
 */
export function DeferredSelect({ open, onOpen, ...props }: SelectProps & { open: boolean; onOpen: () => void }) {
  const [focusOnMount, setFocusOnMount] = useState(false);
  const standIn = (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      size={props.size}
      error={props.error}
      readOnly
      value=""
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      rightSection={<Chevron />}
      rightSectionPointerEvents="none"
      onPointerEnter={() => void loadSelect()}
      onFocus={() => {
        setFocusOnMount(true);
        onOpen();
      }}
    />
  );
  if (!open && props.value == null) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select {...props} autoFocus={focusOnMount} defaultDropdownOpened={focusOnMount} />
    </Suspense>
  );
}
