import path from 'node:path'

/** Where a build's archive is kept: named by the build's id, never by anything the user typed. */
export const archivePath = (downloadsDir: string, buildId: string): string => path.join(downloadsDir, `${buildId}.zip`)

/** The address the archive is downloaded from (its owner only). */
export const zipUrlOf = (buildId: string): string => `/api/overseer/downloads/${buildId}`
