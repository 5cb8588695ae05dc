import { MissingPackageError } from '../errors/missing-package.error';

/** Loads an optional peer dependency, or fails with a message that says what to install and why. */
export function requireOptional<T>(moduleName: string, feature: string, source?: string): T {
  try {
    return require(moduleName) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new MissingPackageError(moduleName, feature, source, { cause: error });
  }
}
