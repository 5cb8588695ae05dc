import { z } from 'zod';
import {
  InvalidToolInputError,
  MethodToolCallback,
  Tool,
  ToolContext,
  ToolDefinitionError,
} from 'nestjs-tool-calling';

const TripInput = z.object({
  city: z.string().describe('Destination city'),
  nights: z.number().int().min(1),
  email: z.email().optional(),
});

class TripTools {
  @Tool({ description: 'Plan a trip', input: TripInput })
  plan(input: z.infer<typeof TripInput>, context: ToolContext<{ user: string }>): string {
    return `${context.get('user') ?? 'anonymous'} → ${input.city} × ${input.nights}`;
  }

  @Tool({
    inputSchema: {
      type: 'object',
      properties: {
        sku: { type: 'string', pattern: '^[A-Z]{3}-\\d+$' },
        quantity: { type: 'integer', minimum: 1 },
      },
      required: ['sku'],
      additionalProperties: false,
    },
  })
  order(input: { sku: string; quantity?: number }): object {
    return { ordered: input.sku, quantity: input.quantity ?? 1 };
  }
}

const tools = new TripTools();

describe('input declared with a Standard Schema (zod 4)', () => {
  const plan = MethodToolCallback.from(tools, 'plan');

  it('shows the model the JSON Schema exported by the schema library, formats removed', () => {
    expect(plan.getToolDefinition().inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        city: { type: 'string', description: 'Destination city' },
        nights: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        email: { type: 'string', pattern: expect.any(String), description: '(format: email)' },
      },
      required: ['city', 'nights'],
      additionalProperties: false,
    });
  });

  it('passes the parsed value and the context', async () => {
    await expect(plan.call('{"city":"Kyoto","nights":3}', ToolContext.of({ user: 'ada' }))).resolves.toBe(
      'ada → Kyoto × 3',
    );
  });

  it('reports the schema library issues with their paths', async () => {
    const error = await plan.call('{"city":7,"nights":0}').catch((e) => e);
    expect(error).toBeInstanceOf(InvalidToolInputError);
    expect(error.issues.map((issue: { path: string }) => issue.path)).toEqual(['city', 'nights']);
    expect(error.message).toContain('city: Invalid input: expected string, received number');
    expect(error.message).toContain('nights: Too small: expected number to be >=1, received 0');
  });

  it('refuses a second input parameter', () => {
    class TwoInputs {
      @Tool({ input: TripInput })
      plan(input: z.infer<typeof TripInput>, extra: string) {
        return input.city + extra;
      }
    }
    expect(() => MethodToolCallback.from(new TwoInputs(), 'plan')).toThrow(
      'TwoInputs.plan: a tool whose input is given on @Tool() takes it as its only parameter (besides a ToolContext), but it has 2',
    );
  });

  it('refuses a schema that is not an object', () => {
    class NotObject {
      @Tool({ input: z.string() })
      echo(input: string) {
        return input;
      }
    }
    expect(() => MethodToolCallback.from(new NotObject(), 'echo')).toThrow(
      'NotObject.echo: a tool\'s input must be an object schema (type: "object")',
    );
  });
});

describe('input declared with a literal JSON Schema', () => {
  const order = MethodToolCallback.from(tools, 'order');

  it('validates with the schema and passes the object', async () => {
    await expect(order.call('{"sku":"ABC-12"}')).resolves.toBe('{"ordered":"ABC-12","quantity":1}');
    expect(order.getToolDefinition().inputSchema).toMatchObject({
      required: ['sku'],
      additionalProperties: false,
    });
  });

  it('reports every violation', async () => {
    const error = await order.call('{"sku":"abc","quantity":0}').catch((e) => e);
    expect(error.issues).toEqual([
      { path: 'sku', message: 'must match pattern "^[A-Z]{3}-\\d+$", received "abc"' },
      { path: 'quantity', message: 'must be >= 1, received 0' },
    ]);
  });

  it('refuses an invalid JSON Schema at definition time', () => {
    class Broken {
      @Tool({ inputSchema: { type: 'object', properties: { a: { type: 'strin' } } } })
      broken(input: object) {
        return input;
      }
    }
    expect(() => MethodToolCallback.from(new Broken(), 'broken')).toThrow(ToolDefinitionError);
    expect(() => MethodToolCallback.from(new Broken(), 'broken')).toThrow(
      /^Broken\.broken: invalid input JSON Schema: /,
    );
  });
});
