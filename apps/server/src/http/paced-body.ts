import { Readable } from 'node:stream';

/** Bytes all paced answers together may write per turn of the event loop. */
const TURN_BUDGET_BYTES = 512 * 1024;
/** The slice a body writes at a time; starting an answer (its status line and headers) counts as one. */
const SLICE_BYTES = 16 * 1024;

let spent = 0;
let waiting: (() => void)[] = [];
let turnScheduled = false;

/** The budget is per turn: the first write of a turn schedules its reset, which wakes who waited. */
function scheduleTurn() {
  if (turnScheduled) return;
  turnScheduled = true;
  setImmediate(() => {
    turnScheduled = false;
    spent = 0;
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
  });
}

function take(bytes: number): boolean {
  if (spent > 0 && spent + bytes > TURN_BUDGET_BYTES) return false;
  spent += bytes;
  scheduleTurn();
  return true;
}

/** Resolves in the first turn with budget left for starting an answer. */
function startTurn(): Promise<void> {
  return new Promise((resolve) => {
    const tryStart = () => (take(SLICE_BYTES) ? resolve() : (waiting.push(tryStart), scheduleTurn()));
    tryStart();
  });
}

/** A body as slices of `bytes` (views, no copy), each written when the turn's budget allows. */
function slicedBody(bytes: Buffer): Readable {
  let at = 0;
  // Called when the stream wants data; without budget it waits for the next turn and pushes then
  // (a Readable does not ask again until something is pushed).
  const pushNext = (): void => {
    if (stream.destroyed) return;
    if (at >= bytes.length) return void stream.push(null);
    const slice = bytes.subarray(at, at + SLICE_BYTES);
    if (!take(slice.length)) {
      waiting.push(pushNext);
      return scheduleTurn();
    }
    at += slice.length;
    stream.push(slice);
  };
  const stream = new Readable({ highWaterMark: SLICE_BYTES, read: pushNext });
  return stream;
}

/**
 * A large answer paced under one budget per event-loop turn, shared by every paced answer of the
 * process. A socket write is synchronous while the kernel takes the bytes, and here it costs about
 * 1 ms per MiB plus a fixed cost per write: 200 clients fetching a 2 MiB file at once made single
 * turns of the loop write tens of MiB, and every other request waited behind them. Paced, a turn
 * starts and writes at most about half a MiB of these answers; other requests are answered between
 * turns, and the answers together still go out as fast as the loop turns.
 * Returns what to send once the answer may start: the bytes themselves when they fit one slice.
 */
export async function pacedBody(bytes: Buffer): Promise<Buffer | Readable> {
  await startTurn();
  return bytes.length > SLICE_BYTES ? slicedBody(bytes) : bytes;
}
