import {
  DefaultToolExecutionExceptionProcessor,
  FunctionToolCallback,
  InvalidToolInputError,
  ToolExecutionError,
} from 'nestjs-tool-calling';

class PaymentDeclinedError extends Error {}

const definition = FunctionToolCallback.from({ name: 'pay', fn: () => 1 }).getToolDefinition();
const failure = (cause: Error) => new ToolExecutionError(definition, cause);

describe('DefaultToolExecutionExceptionProcessor', () => {
  it('turns a failure into its message for the model by default', () => {
    const processor = new DefaultToolExecutionExceptionProcessor();
    expect(processor.process(failure(new Error('card expired')))).toBe('card expired');
    const invalid = new InvalidToolInputError('pay', [
      { path: 'amount', message: 'is required but missing' },
    ]);
    expect(processor.process(invalid)).toBe(
      'Invalid arguments for tool "pay": amount: is required but missing. Correct the arguments and call the tool again.',
    );
  });

  it('rethrows everything when alwaysThrow is set', () => {
    const processor = new DefaultToolExecutionExceptionProcessor({ alwaysThrow: true });
    const error = failure(new Error('card expired'));
    expect(() => processor.process(error)).toThrow(error);
  });

  it('rethrows the original error of a listed class and tells the model about the others', () => {
    const processor = new DefaultToolExecutionExceptionProcessor({ rethrow: [PaymentDeclinedError] });
    const declined = new PaymentDeclinedError('declined');
    expect(() => processor.process(failure(declined))).toThrow(declined);
    expect(processor.process(failure(new Error('timeout')))).toBe('timeout');
  });
});
