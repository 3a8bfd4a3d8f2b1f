// ffmpeg writing a stream on a pipe, read tag by tag: the one read loop of a demo camera's drawn
// picture (producers.ts), the relay of a real source (producers.ts) and the timed replay
// (timed-replay.ts). Each says what it does with a tag; how the pipe is read is here.
import { spawn, type ChildProcess } from 'node:child_process';
import { isEndOfSequence, isMediaFrame, isSequenceHeader, TAG_SCRIPT, type FlvTag } from './flv.ts';

/** Turns what ffmpeg writes into FLV tags (its own FLV: FlvReader; an H.265 stream packaged here: HevcFlvPackager). */
export interface TagReader {
  push(chunk: Buffer): FlvTag[];
}

export interface TagHandlers {
  /** onMetaData (a script tag). */
  metadata?(tag: FlvTag): void;
  /** A decoder configuration: an AVC or HEVC sequence header, an AAC AudioSpecificConfig. */
  config(tag: FlvTag): void;
  /** A picture or a sound, in decode order (end-of-sequence tags are left out). */
  frame(tag: FlvTag): void;
  /** After the tags of each chunk ffmpeg wrote (for flow control). */
  chunk?(): void;
}

export interface FfmpegTags {
  readonly child: ChildProcess;
  /** The last `errorTail` characters ffmpeg wrote on stderr. */
  errors(): string;
}

/**
 * Starts ffmpeg with `args` (its output on pipe:1) and hands each tag `reader` finds in it to `on`.
 * Bytes the reader cannot read end ffmpeg (SIGKILL): the caller hears it as the process's exit.
 */
export function readFfmpegTags(args: string[], reader: TagReader, on: TagHandlers, errorTail = 1000): FfmpegTags {
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-errorTail)));
  child.stdout?.on('data', (chunk: Buffer) => {
    let tags: FlvTag[];
    try {
      tags = reader.push(chunk);
    } catch {
      child.kill('SIGKILL');
      return;
    }
    for (const tag of tags) {
      if (tag.type === TAG_SCRIPT) on.metadata?.(tag);
      else if (isSequenceHeader(tag)) on.config(tag);
      else if (isMediaFrame(tag) && !isEndOfSequence(tag)) on.frame(tag);
    }
    on.chunk?.();
  });
  return { child, errors: () => errors };
}
