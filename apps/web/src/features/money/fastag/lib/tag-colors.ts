import { FASTAG_COLORS, type TagClass } from '@bhada/contracts/money/fastag';

/** spec: fastag §2.5 — the row's side highlight by tag class, as Mantine colours. */
const MANTINE: Record<string, string> = {
  purple: 'violet',
  orange: 'orange',
  yellow: 'yellow',
  green: 'green',
  pink: 'pink',
  blue: 'blue',
  grey: 'gray',
};

export function tagColor(tagClass: number): string {
  return MANTINE[FASTAG_COLORS[tagClass as TagClass] ?? 'grey'] ?? 'gray';
}
