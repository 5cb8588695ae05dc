// Type tests, checked by `npm run typecheck`: the chunks this library sends are chunks the AI SDK's clients read.
import type { UIMessageChunk as UIMessageChunkV7 } from 'ai' with { 'resolution-mode': 'import' };
import type { UIMessageChunk as UIMessageChunkV6 } from 'ai-v6';
import type { UIMessageStreamChunk } from 'nestjs-tool-calling/ai-sdk';

type Assignable<T, U> = [T] extends [U] ? true : false;

export const readByV7: Assignable<UIMessageStreamChunk, UIMessageChunkV7> = true;
export const readByV6: Assignable<UIMessageStreamChunk, UIMessageChunkV6> = true;
