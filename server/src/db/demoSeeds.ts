import type { Queryable } from './types'

/**
 * Claims the one-time seeding of the demo rows `name` (the sample agent log, the sample approval
 * request): true the first time on a database, false ever after, so rows staff deleted never come
 * back. Run it in the transaction that seeds them.
 */
export const claimDemoSeed = async (tx: Queryable, name: string): Promise<boolean> => {
  const claimed = await tx.query(`insert into demo_seeds (name) values ($1) on conflict (name) do nothing returning name`, [name])
  return claimed.rows.length > 0
}
