import pkg from '../package.json' with { type: 'json' };

/** The version of the `argseal` package, printed by `argseal --version`. */
export const VERSION: string = pkg.version;
