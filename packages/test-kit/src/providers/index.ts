export { startLoopbackProvider } from './loopback-server.js';
export { argumentDeltas, defaultSplitPoints, splitInsideEscapes, splitText } from './split-text.js';
export { APPROVAL_ABOVE, BENIGN_CANONICAL, CASES, SUITE_AGENT, TOOL_NAME } from './suite/cases.js';
export {
  describeRealProviderSuite,
  type RealProviderSuiteOptions,
} from './suite/describe-suite.js';
export {
  type DriverOutcome,
  type DriverSession,
  type DriverSessionInit,
  type KnownFailure,
  type PlainToolSpec,
  type ProviderTarget,
  type RawTextPathRow,
  type RealProviderDriver,
  type SuiteMode,
  type SuiteWiring,
  settle,
} from './suite/driver.js';
export { agentsModel, aiSdkModel, langchainModel } from './suite/provider-models.js';
export type {
  LoopbackProvider,
  LoopbackProviderOptions,
  LoopbackRequest,
  ProviderApi,
  RawProviderResponse,
  ScriptedProviderToolCall,
  ScriptedProviderTurn,
} from './types.js';
