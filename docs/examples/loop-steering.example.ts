// Compiled by `npm run typecheck`: the "Steering the loop" samples of docs/chat-client.md come from this file, and
// test/docs/loop-steering.example.spec.ts runs it with a scripted model.
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  ChatClient,
  Tool,
  ToolParam,
  hasToolCall,
  roundCountIs,
  type CallAdvisor,
  type CallAdvisorChain,
  type ChatClientRequest,
  type ChatClientResponse,
  type ChatModel,
  type PrepareRound,
  type StopCondition,
} from 'nestjs-tool-calling';

@Injectable()
export class ResearchTools {
  @Tool({ description: 'Searches the knowledge base' })
  searchDocs(@ToolParam({ description: 'What to look for' }) query: string): string {
    return `3 articles about ${query}`;
  }

  @Tool({ description: 'Files the final report and returns its number' })
  submitReport(@ToolParam({ description: 'The report' }) text: string): string {
    return `Filed report #17: ${text}`;
  }
}

/** Round 1 must search; from round 4 on the model may only file the report, and must. */
export const researchSteps: PrepareRound = ({ round }) => {
  if (round === 1) return { toolChoice: { name: 'searchDocs' } };
  if (round >= 4) return { activeTools: ['submitReport'], toolChoice: 'required' };
  return undefined;
};

/** Sends the system prompt, the question and the last two rounds only: each tool call stays with its results. */
export const lastTwoRounds: PrepareRound = ({ messages }) => {
  const [system, question, ...rounds] = messages;
  return rounds.length > 4 ? { messages: [system, question, ...rounds.slice(-4)] } : undefined;
};

/** A custom stop condition: enough tokens spent. */
export const tokenBudget =
  (maxTokens: number): StopCondition =>
  ({ usage }) =>
    (usage?.totalTokens ?? 0) >= maxTokens;

export async function research(chat: ChatClient, question: string): Promise<string> {
  const response: ChatClientResponse = await chat
    .prompt(question)
    .system('You research, then file one report.')
    .prepareRound(researchSteps)
    .prepareRound(lastTwoRounds)
    .stopWhen(hasToolCall('submitReport'), roundCountIs(8), tokenBudget(50_000))
    .elideToolResults({ budget: 4_000 })
    .call()
    .chatResponse();
  switch (response.stopReason) {
    case 'tool-called':
      return response.text; // the result of submitReport: "Filed report #17: …"
    case 'round-count':
    case 'stop-condition':
      return 'The research did not finish in time.';
    default:
      return response.text; // the model answered without filing a report
  }
}

/** Defaults of a client: every request of it is steered the same way. */
export function researchClient(chatModel: ChatModel, tools: ResearchTools): ChatClient {
  return ChatClient.create(chatModel, {
    tools: [tools],
    prepareRound: researchSteps,
    stopWhen: [hasToolCall('submitReport'), roundCountIs(8)],
    elideToolResults: { budget: 4_000 },
  });
}

/** An advisor that adds a preparation to the requests it sees: no tools for callers on the free plan. */
export class FreePlanAdvisor implements CallAdvisor {
  readonly name = 'FreePlanAdvisor';

  adviseCall(request: ChatClientRequest, chain: CallAdvisorChain): Promise<ChatClientResponse> {
    if (request.toolContext.get('plan') !== 'free') return chain.nextCall(request);
    const noTools: PrepareRound = () => ({ activeTools: [], toolChoice: 'none' });
    return chain.nextCall(request.with({ prepareRound: [...request.prepareRound, noTools] }));
  }
}

const Forecast = z.object({ city: z.string(), temperature: z.number() });

/** An answer that does not fit goes back to the model with the problems, twice at most. */
export async function forecastFor(chat: ChatClient, city: string): Promise<z.infer<typeof Forecast>> {
  return chat.prompt(`Forecast for ${city}`).call().entity(Forecast, { maxRepairAttempts: 2 });
}
