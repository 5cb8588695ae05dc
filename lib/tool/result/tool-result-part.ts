/** Where the bytes of a media part are: inline (base64) or at a URL the provider fetches. */
export type MediaSource =
  | {
      /** The bytes, base64-encoded (so that a part survives JSON: memory, paused runs, events). */
      readonly data: string;
      /** Absent when the bytes are inline. */
      readonly url?: never;
    }
  | {
      /** An `https:` or `data:` URL of the media. */
      readonly url: string;
      /** Absent when the media is at a URL. */
      readonly data?: never;
    };

/** Text the model reads. */
export interface TextPart {
  /** Marks a text part. */
  readonly type: 'text';
  /** The text. */
  readonly text: string;
}

/** An image the model sees (PNG, JPEG, GIF, WebP). */
export type ImagePart = {
  /** Marks an image. */
  readonly type: 'image';
  /** Its IANA media type, e.g. `image/png`. */
  readonly mediaType: string;
} & MediaSource;

/** A sound (inline bytes only: no provider fetches audio from a URL). */
export interface AudioPart {
  /** Marks audio. */
  readonly type: 'audio';
  /** Its IANA media type, e.g. `audio/wav`. */
  readonly mediaType: string;
  /** The bytes, base64-encoded. */
  readonly data: string;
}

/** A document or other file (a PDF, a CSV…). */
export type FilePart = {
  /** Marks a file. */
  readonly type: 'file';
  /** Its IANA media type, e.g. `application/pdf`. */
  readonly mediaType: string;
  /** A file name, shown where the provider takes one. */
  readonly filename?: string;
} & MediaSource;

/** A link to a resource the client may read (MCP's `resource_link`); the model gets its description. */
export interface ResourceLinkPart {
  /** Marks a resource link. */
  readonly type: 'resource-link';
  /** The resource's URI. */
  readonly uri: string;
  /** Its name. */
  readonly name: string;
  /** What it is, for the model. */
  readonly description?: string;
  /** Its media type, when known. */
  readonly mediaType?: string;
}

/** A resource inlined in the result (MCP's embedded `resource`): its text, or its bytes. */
export type ResourcePart = {
  /** Marks an embedded resource. */
  readonly type: 'resource';
  /** The resource's URI. */
  readonly uri: string;
  /** Its media type, when known. */
  readonly mediaType?: string;
} & (
  | {
      /** The resource's text. */
      readonly text: string;
      /** Absent for a text resource. */
      readonly data?: never;
    }
  | {
      /** The resource's bytes, base64-encoded. */
      readonly data: string;
      /** Absent for a binary resource. */
      readonly text?: never;
    }
);

/** One piece of a tool result that is more than text. */
export type ToolResultPart = TextPart | ImagePart | AudioPart | FilePart | ResourceLinkPart | ResourcePart;
