import { getToolName, isToolUIPart, type UIMessage } from 'ai';

type Part = UIMessage['parts'][number];
type ToolPart = Extract<Part, { toolCallId: string }>;

export type Decide = (approvalId: string, approved: boolean) => void;

const STATUS: Record<ToolPart['state'], string> = {
  'input-streaming': '… the model is writing the arguments',
  'input-available': '… running',
  'approval-requested': '● waiting for your approval',
  'approval-responded': '… decided, going on',
  'output-available': '✓ result',
  'output-error': '✗ error',
  'output-denied': '✗ denied by you: not run',
};

interface MediaPart {
  type: string;
  mediaType?: string;
  data?: string;
  url?: string;
  text?: string;
}

/** A tool's output: its text, and its images (the sample's chart tool returns one). */
function Output({ output }: { output: unknown }) {
  if (typeof output === 'string') return <pre className="result">{pretty(output)}</pre>;
  const rich = output as { text?: string; content?: MediaPart[] } | null;
  const images = (rich?.content ?? []).filter((part) => part.type === 'image');
  return (
    <>
      {rich?.text ? <pre className="result">{pretty(rich.text)}</pre> : null}
      {images.map((image, index) => (
        <img
          key={index}
          className="tool-image"
          alt={`image ${index + 1} of the result`}
          src={image.url ?? `data:${image.mediaType};base64,${image.data}`}
        />
      ))}
      {!rich?.text && images.length === 0 ? <pre className="result">{pretty(output)}</pre> : null}
    </>
  );
}

interface ToolProgressData {
  progress?: number;
  total?: number;
  message?: string;
}

/** How far a running tool is (a `data-tool-progress` part: the sample's slow summariseTickets reports it). */
function Progress({ data }: { data: ToolProgressData }) {
  return (
    <div className="progress">
      {data.total !== undefined ? <progress value={data.progress ?? 0} max={data.total} /> : null}
      {data.message ? <span className="progress-message">{data.message}</span> : null}
    </div>
  );
}

function ToolCall({
  part,
  decide,
  progress,
}: {
  part: ToolPart;
  decide: Decide;
  progress?: ToolProgressData;
}) {
  const name = getToolName(part);
  const state = part.state;
  const input: unknown = part.input;
  return (
    <div className={`call ${state}`} data-tool={name}>
      <div className="head">
        <span className="name">{name}</span>
        <span className="status">{STATUS[state]}</span>
      </div>
      <pre className="args">{input === undefined ? '…' : pretty(input)}</pre>
      {state === 'input-available' && progress ? <Progress data={progress} /> : null}
      {state === 'approval-requested' ? (
        <div className="actions">
          <button type="button" className="approve" onClick={() => decide(part.approval.id, true)}>
            Approve
          </button>
          <button type="button" className="deny" onClick={() => decide(part.approval.id, false)}>
            Deny
          </button>
        </div>
      ) : null}
      {state === 'output-available' ? <Output output={part.output} /> : null}
      {state === 'output-error' ? <pre className="result error">{part.errorText}</pre> : null}
    </div>
  );
}

/** One message: its text, and its tool calls where they happened. */
export function Message({ message, decide }: { message: UIMessage; decide: Decide }) {
  const progress = new Map<string, ToolProgressData>();
  for (const part of message.parts)
    if (part.type === 'data-tool-progress') {
      const data = part.data as ToolProgressData & { toolCallId?: string };
      if (typeof data?.toolCallId === 'string') progress.set(data.toolCallId, data);
    }
  return (
    <li className={`message ${message.role}`} data-message-id={message.id}>
      {message.parts.map((part, index) => {
        if (part.type === 'text')
          return (
            <p key={index} className="text">
              {part.text}
            </p>
          );
        if (isToolUIPart(part))
          return (
            <ToolCall
              key={part.toolCallId}
              part={part}
              decide={decide}
              progress={progress.get(part.toolCallId)}
            />
          );
        return null;
      })}
    </li>
  );
}

/** JSON indented for reading; other text as it is. */
function pretty(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2) ?? '';
}
