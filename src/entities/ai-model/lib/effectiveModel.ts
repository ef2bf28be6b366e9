import type { ModelCatalog } from '../model/types'

/**
 * The model to use: the user's choice while it is listed, else the server's current model when
 * listed, else the first listed (spec section 9); null when there are none.
 */
export const effectiveModel = (catalog: ModelCatalog | undefined, chosen: string | null): string | null => {
  const names = catalog?.models.map((model) => model.name) ?? []
  if (chosen && names.includes(chosen)) return chosen
  if (catalog?.currentModel && names.includes(catalog.currentModel)) return catalog.currentModel
  return names[0] ?? null
}
