import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ChatResponseChunk } from '../../chat/model/chat-model';
import { ChatModelResponseError } from '../../errors/chat-model-response.error';
import { ModelMessages, type ModelEndpoint } from '../../errors/messages/models.messages';
import { responseMetadata } from '../response-parts';
import { toFinishReason, toUsage } from './anthropic-response.mapper';
import { ToolSearchStreamBlocks } from './anthropic-tool-search';

interface ToolBlock {
  readonly index: number;
  readonly input: unknown;
  sentArguments: boolean;
}

type UsageCounts = Record<string, number | null | undefined>;

const USAGE_FIELDS = [
  'input_tokens',
  'output_tokens',
  'cache_creation_input_tokens',
  'cache_read_input_tokens',
] as const;

/**
 * Reads a Messages API event stream into the port's chunks: `text_delta`s as text deltas; a `tool_use` block's
 * start (id, name) and its `input_json_delta` fragments as tool-call fragments, numbered 0, 1, 2… among the tool
 * calls (not among all blocks); usage from `message_start` updated by `message_delta`; one `finish` after
 * `message_stop`. A stream that ends before `message_stop` was cut: `ChatModelResponseError`.
 */
export async function* readAnthropicStream(
  events: AsyncIterable<RawMessageStreamEvent>,
  endpoint: ModelEndpoint,
): AsyncGenerator<ChatResponseChunk> {
  const toolBlocks = new Map<number, ToolBlock>();
  const searchBlocks = new ToolSearchStreamBlocks();
  const usage: UsageCounts = {};
  let id: string | undefined;
  let model: string | undefined;
  let stopReason: string | null | undefined;
  let stopSequence: string | null | undefined;
  let stopped = false;

  for await (const event of events) {
    switch (event.type) {
      case 'message_start':
        id = event.message?.id;
        model = event.message?.model;
        addUsage(usage, event.message?.usage);
        break;
      case 'content_block_start': {
        const block = event.content_block;
        if (block?.type === 'tool_use') {
          const tool: ToolBlock = { index: toolBlocks.size, input: block.input, sentArguments: false };
          toolBlocks.set(event.index, tool);
          yield { type: 'tool-call-delta', index: tool.index, id: block.id, name: block.name };
        } else if (block && searchBlocks.start(event.index, block)) {
          // Anthropic's own tool search: kept for the next request, not a call of ours.
        } else if (block?.type === 'text' && block.text) {
          yield { type: 'text-delta', text: block.text };
        }
        break;
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta?.type === 'text_delta' && delta.text) yield { type: 'text-delta', text: delta.text };
        else if (delta?.type === 'input_json_delta' && delta.partial_json) {
          if (searchBlocks.inputDelta(event.index, delta.partial_json)) break;
          const tool = toolBlocks.get(event.index);
          if (tool) {
            tool.sentArguments = true;
            yield { type: 'tool-call-delta', index: tool.index, argumentsDelta: delta.partial_json };
          }
        }
        break;
      }
      case 'content_block_stop': {
        // A tool without parameters may get no input_json_delta at all: its arguments are its start's input.
        const tool = toolBlocks.get(event.index);
        if (tool && !tool.sentArguments) {
          tool.sentArguments = true;
          yield {
            type: 'tool-call-delta',
            index: tool.index,
            argumentsDelta: JSON.stringify(tool.input ?? {}),
          };
        }
        break;
      }
      case 'message_delta':
        stopReason = event.delta?.stop_reason ?? stopReason;
        stopSequence = event.delta?.stop_sequence ?? stopSequence;
        addUsage(usage, event.usage);
        break;
      case 'message_stop':
        stopped = true;
        break;
    }
  }

  if (!stopped) {
    throw new ChatModelResponseError(
      endpoint.provider,
      ModelMessages.streamCut(endpoint, 'no message_stop event'),
    );
  }
  yield {
    type: 'finish',
    finishReason: toFinishReason(stopReason),
    usage: Object.keys(usage).length > 0 ? toUsage(usage) : undefined,
    metadata: responseMetadata(id, model, stopReason, { stopSequence }),
    ...withMessageMetadata(searchBlocks.metadata()),
  };
}

function withMessageMetadata(metadata: Readonly<Record<string, unknown>> | undefined): {
  messageMetadata?: Readonly<Record<string, unknown>>;
} {
  return metadata === undefined ? {} : { messageMetadata: metadata };
}

/** `message_delta` counts are cumulative and `null` when unchanged: a number replaces, anything else keeps. */
function addUsage(target: UsageCounts, source: object | null | undefined): void {
  if (!source) return;
  for (const field of USAGE_FIELDS) {
    const value = (source as UsageCounts)[field];
    if (typeof value === 'number') target[field] = value;
  }
}
