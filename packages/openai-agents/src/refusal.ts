import { isRefusalText } from '@argseal/core/kit';

/**
 * True when a tool result text is an argseal refusal (`refusalText` of
 * `@argseal/core/kit`: the tool did not run, or it failed).
 */
export const isArgsealRefusal: (text: unknown) => boolean = isRefusalText;
