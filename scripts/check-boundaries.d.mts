export const KNOWN: string[];
export function findProblems(root: string): { problems: string[]; fileCount: number };
export function checkBoundaries(
  root: string,
  known?: string[],
): { fresh: string[]; fixed: string[]; fileCount: number; problems: string[] };
