export { startLoopbackProvider } from './loopback-server.js';
export { argumentDeltas, defaultSplitPoints, splitInsideEscapes, splitText } from './split-text.js';
export type {
  LoopbackProvider,
  LoopbackProviderOptions,
  LoopbackRequest,
  ProviderApi,
  RawProviderResponse,
  ScriptedProviderToolCall,
  ScriptedProviderTurn,
} from './types.js';
