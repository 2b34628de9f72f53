import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { createOfflineProvider } from './offline-provider';
import { createOpenAiProvider } from './openai-provider';
import type { AiProvider } from './provider';

/** The OpenAI-compatible provider when an API key is configured, else the offline one. */
export function createAiProvider(config: Pick<Config, 'ai'>, logger?: Logger, options: { offline?: boolean; maxRetries?: number } = {}): AiProvider {
  if (options.offline || !config.ai.apiKey) return createOfflineProvider();
  return createOpenAiProvider({
    apiKey: config.ai.apiKey,
    baseUrl: config.ai.baseUrl,
    model: config.ai.model,
    timeoutMs: config.ai.timeoutMs,
    maxRetries: options.maxRetries,
    logger,
  });
}
