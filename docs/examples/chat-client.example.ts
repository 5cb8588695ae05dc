// Compiled by `npm run typecheck`: every sample in docs/chat-client.md comes from this file, and
// test/docs/chat-client.example.spec.ts runs it with a scripted model.
import { Inject, Injectable, Module, Scope } from '@nestjs/common';
import { REQUEST } from '@nestjs/core';
import { IsInt, IsString } from 'class-validator';
import { z } from 'zod';
import {
  ChatClient,
  FunctionToolCallback,
  MethodToolCallbackProvider,
  Tool,
  ToolCallingModule,
  ToolContext,
  ToolParam,
  type ChatClientResponse,
  type ChatModel,
  type Message,
  type ToolCallback,
  type ToolCall,
  type ToolCallbackProvider,
  type ToolExecutionEligibilityPredicate,
} from 'nestjs-tool-calling';

// --- The tools of this page -----------------------------------------------------------------------------------
@Injectable()
export class WeatherTools {
  @Tool({ description: 'Current weather in a city' })
  getWeather(@ToolParam({ description: 'City name' }) city: string): string {
    return `${city}: sunny, 25°C`;
  }
}

export interface TravelContext extends Record<string, unknown> {
  customerId: string;
}

@Injectable()
export class BookingTools {
  @Tool({ description: 'Book a hotel room in a city for the current customer' })
  bookHotel(
    @ToolParam({ description: 'City name' }) city: string,
    context: ToolContext<TravelContext>,
  ): string {
    return `Booked a room in ${city} for customer ${context.require('customerId')}`;
  }
}

export const getTime = FunctionToolCallback.from({
  name: 'getTime',
  description: 'Current time in a time zone',
  input: z.object({ zone: z.string().describe('IANA time zone, e.g. Europe/Rome') }),
  fn: ({ zone }) => new Date().toLocaleTimeString('en-GB', { timeZone: zone }),
});

// --- One request, every part ----------------------------------------------------------------------------------
@Injectable()
export class TravelAssistant {
  constructor(private readonly chat: ChatClient) {}

  ask(question: string, customerId: string, earlier: Message[]): Promise<ChatClientResponse> {
    return this.chat
      .prompt()
      .system('You are a travel agent. Answer briefly.')
      .messages(earlier)
      .user(question)
      .toolContext({ customerId })
      .options({ temperature: 0, maxTokens: 500 })
      .signal(AbortSignal.timeout(30_000))
      .call()
      .chatResponse();
  }
}

// --- Reading the outcome --------------------------------------------------------------------------------------
export async function report(assistant: TravelAssistant): Promise<string[]> {
  const response = await assistant.ask('Book me a room in Rome', 'c-42', []);
  return [
    `answer: ${response.text}`,
    `model requests: ${response.rounds}, tokens: ${response.usage?.totalTokens ?? 'not reported'}`,
    ...response.toolExecutions.map(
      ({ round, toolCall, toolResponse }) =>
        `round ${round}: ${toolCall.name}(${toolCall.arguments}) → ${toolResponse.isError ? 'failed: ' : ''}${toolResponse.result}`,
    ),
  ];
}

// --- Structured output ----------------------------------------------------------------------------------------
const Forecast = z.object({ city: z.string(), temperature: z.number() });

export class ForecastDto {
  @IsString()
  city!: string;

  @IsInt()
  temperature!: number;
}

export async function forecasts(chat: ChatClient): Promise<[z.infer<typeof Forecast>, ForecastDto]> {
  const paris = await chat.prompt('Forecast for Paris').call().entity(Forecast); // { city: string; temperature: number }
  const rome = await chat.prompt('Forecast for Rome').call().entity(ForecastDto); // a validated ForecastDto instance
  return [paris, rome];
}

// --- A client of your own, outside the module -----------------------------------------------------------------
export function travelAgent(chatModel: ChatModel): ChatClient {
  return ChatClient.create(
    chatModel,
    {
      system: 'You are a travel agent.',
      tools: [new WeatherTools(), new BookingTools()],
      toolCallbacks: [getTime],
      toolContext: { customerId: 'anonymous' },
      options: { temperature: 0.2 },
    },
    { toolCallingManager: { limits: { maxRounds: 5 } } },
  );
}

export function frenchAgent(agent: ChatClient): ChatClient {
  return agent.mutate({
    system: 'Tu es un agent de voyage. Réponds en français.',
    options: { temperature: 0 },
  });
}

// --- Choosing the tools per request ---------------------------------------------------------------------------
@Module({
  imports: [
    ToolCallingModule.forRoot({
      chatModel: { provider: 'openai', model: 'gpt-4o-mini' },
      offerAllTools: false,
      defaults: { toolNames: ['getWeather'] },
    }),
  ],
  providers: [WeatherTools, BookingTools],
})
export class SelectiveToolsModule {}

@Injectable()
export class BookingAssistant {
  constructor(private readonly chat: ChatClient) {}

  book(question: string, customerId: string): Promise<string> {
    return this.chat
      .prompt(question)
      .toolNames('bookHotel')
      .toolCallbacks(getTime)
      .toolContext({ customerId })
      .call()
      .content();
  }
}

// --- Tools that change: a ToolCallbackProvider, asked on each call ---------------------------------------------
@Injectable()
export class ReportCatalogue {
  private readonly reports = new Map([['sales', 'Sales of the month: 1 204 bookings']]);

  async enabled(): Promise<{ id: string; result: string }[]> {
    return [...this.reports].map(([id, result]) => ({ id, result }));
  }
}

@Injectable()
export class ReportTools implements ToolCallbackProvider {
  constructor(private readonly catalogue: ReportCatalogue) {}

  async getToolCallbacks(): Promise<ToolCallback[]> {
    const reports = await this.catalogue.enabled();
    return reports.map((report) =>
      FunctionToolCallback.from({
        name: `report_${report.id}`,
        description: `The ${report.id} report`,
        fn: () => report.result,
      }),
    );
  }
}

// --- Request-scoped tools -------------------------------------------------------------------------------------
export interface HttpRequest {
  headers: Record<string, string | string[] | undefined>;
}

@Injectable({ scope: Scope.REQUEST })
export class CurrentUserTools {
  constructor(@Inject(REQUEST) private readonly request: HttpRequest) {}

  @Tool({ description: 'The name of the user asking' })
  whoAmI(): string {
    const user = this.request.headers['x-user'];
    return typeof user === 'string' ? user : 'anonymous';
  }
}

/** A call made outside an HTTP handler (a queue consumer, say): bind it to the request it serves. */
export function askOnBehalfOf(chat: ChatClient, request: HttpRequest, question: string): Promise<string> {
  return chat.prompt(question).request(request).call().content();
}

// --- Running the tool calls yourself --------------------------------------------------------------------------
export async function runToolsMyself(chat: ChatClient, weather: WeatherTools): Promise<string> {
  const first = await chat.prompt('Weather in Paris?').internalToolExecution(false).call().chatResponse();
  // first.pendingToolCalls: the calls the model asked for, not run
  const round = await chat.toolCallingManager.executeToolCalls({
    history: first.history,
    message: first.message,
    tools: MethodToolCallbackProvider.from(weather).getToolCallbacks(),
  });
  return chat.prompt().messages(round.conversationHistory).call().content();
}

// --- Deciding per response who runs the tool calls ----------------------------------------------------------
@Injectable()
export class PaymentTools {
  @Tool({ description: 'Status of an order' })
  orderStatus(@ToolParam({ description: 'Order number' }) orderId: string): string {
    return `order ${orderId}: delivered`;
  }

  @Tool({ description: 'Refund an order' })
  refund(@ToolParam({ description: 'Order number' }) orderId: string): string {
    return `order ${orderId}: refunded`;
  }
}

/** The library runs every call but a refund: a response that asks for one comes back to the app. */
export const noRefunds: ToolExecutionEligibilityPredicate = (response) =>
  response.message.toolCalls.every((call) => call.name !== 'refund');

export async function refundWithConsent(
  chat: ChatClient,
  payments: PaymentTools,
  question: string,
  userAgrees: (calls: readonly ToolCall[]) => Promise<boolean>,
): Promise<string> {
  const ask = (prompt: ReturnType<ChatClient['prompt']>) =>
    prompt.tools(payments).internalToolExecution(noRefunds).call().chatResponse();
  let response = await ask(chat.prompt(question));
  // Bounded: each pass is one model answer that asked for a refund.
  for (let pass = 0; pass < 3 && response.pendingToolCalls.length > 0; pass++) {
    if (!(await userAgrees(response.pendingToolCalls))) return 'No refund was made.';
    const round = await chat.toolCallingManager.executeToolCalls({
      history: response.history,
      message: response.message,
      tools: MethodToolCallbackProvider.from(payments).getToolCallbacks(),
    });
    response = await ask(chat.prompt().messages(round.conversationHistory));
  }
  return response.text;
}
