/** The advise-context key of the conversation id (Spring AI's `ChatMemory.CONVERSATION_ID`). */
export const CHAT_MEMORY_CONVERSATION_ID = 'chat_memory_conversation_id';
