/**
 * An area's error codes, each its own value: `errorCodes(['A', 'B'])` is `{ A: 'A', B: 'B' }`, so a
 * code can never be spelled one way as a key and another as its value.
 */
export function errorCodes<const Code extends string>(codes: readonly Code[]): { readonly [C in Code]: C } {
  return Object.freeze(Object.fromEntries(codes.map((c) => [c, c]))) as { readonly [C in Code]: C };
}
