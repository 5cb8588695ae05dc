import { MissingPackageError, ToolCallingConfigurationError, ToolCallingError } from 'nestjs-tool-calling';
import { requireOptional } from '../../lib/util/optional-require';

describe('requireOptional', () => {
  it('loads an installed package', () => {
    expect(requireOptional<typeof import('ajv')>('ajv', 'Validation').default).toBeInstanceOf(Function);
  });

  it('throws MissingPackageError, a configuration error, naming the package and what needs it', () => {
    let thrown: unknown;
    try {
      requireOptional('nestjs-tool-calling-no-such-package', 'Serving widgets', 'WidgetTools.serve');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MissingPackageError);
    expect(thrown).toBeInstanceOf(ToolCallingConfigurationError);
    expect(thrown).toBeInstanceOf(ToolCallingError);
    const error = thrown as MissingPackageError;
    expect(error.name).toBe('MissingPackageError');
    expect(error.message).toBe(
      'WidgetTools.serve: Serving widgets needs the package "nestjs-tool-calling-no-such-package": ' +
        'npm install nestjs-tool-calling-no-such-package',
    );
    expect(error).toMatchObject({
      packageName: 'nestjs-tool-calling-no-such-package',
      feature: 'Serving widgets',
      source: 'WidgetTools.serve',
    });
    expect((error.cause as NodeJS.ErrnoException).code).toBe('MODULE_NOT_FOUND');
  });
});
