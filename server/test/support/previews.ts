/**
 * A preview's open link followed as a browser does, on 127.0.0.1 (where a test reaches the
 * preview origin): the origin it opened on and the cookie it set (only its `name=value`).
 */
export const openPreviewLink = async (url: string): Promise<{ base: string; cookie: string }> => {
  const link = new URL(url)
  link.hostname = '127.0.0.1'
  const opened = await fetch(link, { redirect: 'manual' })
  expect(opened.status).toBe(302)
  return { base: link.origin, cookie: (opened.headers.get('set-cookie') ?? '').split(';')[0] as string }
}
