import { CardGrid } from '@/shared/ui'
import { CORE_MODULES, ModuleCard } from '@/entities/framework-module'

/** The three core modules' cards in a row, one column on a narrow screen. */
export const CoreModules = () => (
  <CardGrid
    items={CORE_MODULES}
    itemKey={(module) => module.id}
    columns={3}
    reveal="none"
    renderItem={(module) => <ModuleCard module={module} />}
  />
)
