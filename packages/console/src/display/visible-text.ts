// The finder is core's, shared with the CLI and @argseal/policies' unicodeGuard.
export { findHiddenCharacters, type HiddenCharacter } from '@argseal/core/data';
