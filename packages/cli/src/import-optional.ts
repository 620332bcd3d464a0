import { CliUsageError, type OptionalCommand } from './errors.js';

/**
 * Imports a package entry the CLI does not depend on at runtime (`@argseal/console/cli`,
 * `@argseal/mcp/cli`); a missing install is a usage error naming the package to install.
 */
export async function importOptional<T>(specifier: string, command: OptionalCommand): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch {
    throw new CliUsageError(
      `${command}_not_installed`,
      `install ${specifier.split('/').slice(0, 2).join('/')} to use "argseal ${command}"`,
    );
  }
}
