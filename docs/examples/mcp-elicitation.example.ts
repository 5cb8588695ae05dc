import {
  ChatClient,
  ToolCallingModule,
  type ChatModel,
  type ToolElicitationHandler,
} from 'nestjs-tool-calling';

/** `askTheUser`: your UI; it shows the question, resolves with the user's answer, withdraws it when `signal` aborts. */
export function elicitationWiring(
  chatModel: ChatModel,
  askTheUser: (message: string, schema: object, signal?: AbortSignal) => ReturnType<ToolElicitationHandler>,
) {
  const handler: ToolElicitationHandler = ({ message, requestedSchema }, { signal }) =>
    askTheUser(message, requestedSchema, signal);

  const module = ToolCallingModule.forRoot({ chatModel, defaults: { elicitationHandler: handler } }); // injected ChatClient
  const chat = ChatClient.create(chatModel, { elicitationHandler: handler }); // a client's default
  const request = chat.prompt('Close ticket 7').elicitationHandler(handler); // one request (wins)
  return { module, chat, request };
}
