export { ArgsealAiSdkError, type ArgsealAiSdkErrorCode } from './errors.js';
export { invalidArgumentsMarker } from './invalid-marker.js';
export type { SealableTool } from './normalize-tool.js';
export { type SealedTools, type SealToolsOptions, sealTools } from './seal-tools.js';
