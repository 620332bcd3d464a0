import { CliUsageError, type OptionalCommand } from './errors.js';

/**
 * Imports a package the CLI does not depend on at runtime (`@argseal/console`,
 * `@argseal/mcp`); a missing install is a usage error telling what to install.
 */
export async function importOptional<T>(specifier: string, command: OptionalCommand): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch {
    throw new CliUsageError(
      `${command}_not_installed`,
      `install ${specifier} to use "argseal ${command}"`,
    );
  }
}
