import { usePageMeta } from '@/shared/lib/seo'
import { RequirePermission } from '@/entities/session'

export const ArchitectTestingPage = () => {
  usePageMeta({ title: 'DevLoop Testing', description: 'The testing module of the DevLoop Matrix.' })
  return (
    <RequirePermission permission="architect.testing" message="You do not have permission to access the DevLoop Testing module.">
      <h1>DevLoop Testing</h1>
      <p>The testing module of the DevLoop Matrix.</p>
    </RequirePermission>
  )
}
