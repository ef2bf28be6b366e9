import { LOCAL_MODEL, type LocalProvider } from './providers/local'
import type { ChatProvider, ModelInfo, ReplySource } from './types'

/** Every model the chat offers, across providers: `overseer-local` first, always. */
export class ModelCatalog {
  constructor(
    private readonly local: LocalProvider,
    private readonly remote: ChatProvider | undefined,
    private readonly defaultModel: string | undefined,
  ) {}

  /** Name → info. A remote model named like the local one is left out. */
  async list(): Promise<Record<string, ModelInfo>> {
    const models: Record<string, ModelInfo> = { ...(await this.local.models()) }
    if (this.remote) {
      for (const [name, info] of Object.entries(await this.remote.models())) {
        if (name !== '__proto__' && !Object.hasOwn(models, name)) models[name] = info
      }
    }
    return models
  }

  /**
   * What a reply answers, for the Questions page: the question, how the offline assistant's search
   * reads it whichever model answers (its misspelt words as the docs' words: the page groups by
   * it), and where the answer came from (an external model names none).
   */
  answers(question: string, source: ReplySource | undefined): { question: string; read: string; source: ReplySource } {
    return { question, read: this.local.assistant.read(question), source: source ?? { kind: 'model' } }
  }

  /** The provider serving `model`, or undefined for a model no provider lists. */
  async providerFor(model: string): Promise<ChatProvider | undefined> {
    if (model === LOCAL_MODEL) return this.local
    if (this.remote && Object.hasOwn(await this.remote.models(), model)) return this.remote
    return undefined
  }

  /** The remote provider serving `model`: undefined for `overseer-local` and for a model no provider lists. */
  remoteFor(model: string): Promise<ChatProvider | undefined> {
    return remoteProviderFor(this.remote)(model)
  }

  /** OVERSEER_DEFAULT_MODEL when it is listed, else `overseer-local`. */
  async current(models?: Record<string, ModelInfo>): Promise<string> {
    const listed = models ?? (await this.list())
    return this.defaultModel && Object.hasOwn(listed, this.defaultModel) ? this.defaultModel : LOCAL_MODEL
  }
}

/**
 * Which models a remote provider serves, as a build stage asks (a worker process has no docs
 * index, so no local engine: only this).
 */
export const remoteProviderFor =
  (remote: ChatProvider | undefined) =>
  async (model: string): Promise<ChatProvider | undefined> =>
    model !== LOCAL_MODEL && remote && Object.hasOwn(await remote.models(), model) ? remote : undefined
