// The worker's side of host calls: a guest's `PropertiesService.getScriptProperties().getProperty(…)`
// must answer synchronously, but the state lives on the emulator's thread. The worker posts the call
// on a port of its own, blocks on a shared flag (Atomics.wait, in slices so a stop or the deadline is
// noticed) and takes the answer off the port with receiveMessageOnPort, which needs no event loop.
import { type MessagePort, receiveMessageOnPort } from 'node:worker_threads';
import type { HostCallMessage, HostReply } from './types.ts';

/** The shared pieces of one worker's channel: the port and the flag (0 waiting, 1 answered). */
export interface ChannelEnds {
  port: MessagePort;
  flag: Int32Array;
}

/** A call that could not be answered: the run was stopped or passed its deadline while it waited. */
export class HostCallStopped extends Error {
  constructor() {
    super('interrupted');
    this.name = 'InternalError';
  }
}

const SLICE_MS = 20;

/** `argsJson`: the arguments as the guest's JSON text, parsed on the emulator's thread. */
export type CallHost = (service: string, method: string, argsJson: string) => HostReply;

/** A function that makes one host call and waits for its answer; `shouldStop` is polled while waiting. */
export function hostCaller(ends: ChannelEnds, shouldStop: () => boolean): CallHost {
  let nextId = 1;
  return (service, method, argsJson) => {
    const id = nextId++;
    Atomics.store(ends.flag, 0, 0);
    ends.port.postMessage({ id, service, method, argsJson } satisfies HostCallMessage);
    for (;;) {
      Atomics.wait(ends.flag, 0, 0, SLICE_MS);
      Atomics.store(ends.flag, 0, 0);
      // Answers to earlier calls (of a run that was stopped) are skipped.
      for (
        let message = receiveMessageOnPort(ends.port);
        message;
        message = receiveMessageOnPort(ends.port)
      ) {
        const reply = message.message as HostReply;
        if (reply.id === id) return reply;
      }
      if (shouldStop()) throw new HostCallStopped();
    }
  };
}
