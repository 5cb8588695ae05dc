import { ToolDefinitionError } from '../errors/tool-definition.error';

/** Loads an optional peer dependency, or fails with a message that says what to install and why. */
export function requireOptional<T>(moduleName: string, feature: string, source?: string): T {
  try {
    return require(moduleName) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new ToolDefinitionError(
      `${source ? `${source}: ` : ''}${feature} needs the package "${moduleName}": npm install ${moduleName}`,
      source,
      { cause: error },
    );
  }
}
