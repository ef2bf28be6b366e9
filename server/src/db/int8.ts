/** PGlite's own rule for `bigint` columns, applied to node-postgres too so both drivers agree. */
export const parseInt8 = (value: string): number | bigint => {
  const big = BigInt(value)
  return big < BigInt(Number.MIN_SAFE_INTEGER) || big > BigInt(Number.MAX_SAFE_INTEGER) ? big : Number(big)
}
