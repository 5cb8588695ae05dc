/**
 * Base class of every error this library throws. Each subclass has a stable `name`, so errors can be told apart
 * after serialisation or across copies of the package, and readonly fields with the context of the failure.
 */
export abstract class ToolCallingError extends Error {
  /** The error's class name, stable across versions and copies of the package: compare it rather than `instanceof`. */
  abstract override readonly name: string;

  protected constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
