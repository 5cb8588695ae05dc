import { FunctionToolCallback, type ToolCallback } from 'nestjs-tool-calling';

/** A small catalog of tools from several domains, each answering with its name and arguments. */
export const CATALOG: ReadonlyArray<{ name: string; description: string; params: Record<string, string> }> = [
  {
    name: 'getWeatherForecast',
    description: 'Weather forecast for a city: temperature, rain, wind',
    params: { city: 'City name' },
  },
  {
    name: 'convertCurrency',
    description: "Convert an amount of money from one currency to another at today's rate",
    params: { amount: 'Amount', from: 'ISO code', to: 'ISO code' },
  },
  {
    name: 'refund_order',
    description: 'Give a customer their money back for an order',
    params: { orderId: 'Order id', reason: 'Why' },
  },
  {
    name: 'track_shipment',
    description: 'Where a parcel is now and when it will be delivered',
    params: { trackingNumber: 'Carrier tracking number' },
  },
  {
    name: 'createCalendarEvent',
    description: 'Put a meeting or appointment in the calendar',
    params: { title: 'Title', start: 'Start time' },
  },
  {
    name: 'translateText',
    description: 'Translate a text into another language',
    params: { text: 'Text', targetLanguage: 'Language code' },
  },
  {
    name: 'resetPassword',
    description: 'Send a password reset link to a user',
    params: { email: "The user's e-mail" },
  },
  {
    name: 'closeAccount',
    description: 'Close a customer account for good and delete its data',
    params: { accountId: 'Account id' },
  },
];

export function catalogTools(ran: string[] = []): ToolCallback[] {
  return CATALOG.map(({ name, description, params }) =>
    FunctionToolCallback.from({
      name,
      description,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(params).map(([key, text]) => [key, { type: 'string', description: text }]),
        ),
      },
      fn: (args: Record<string, unknown>) => {
        ran.push(name);
        return `${name} ${JSON.stringify(args)}`;
      },
    }),
  );
}
