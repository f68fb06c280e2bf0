import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A refused upload is answered before its body has arrived, with `Connection: close`. Were
 * the socket closed as soon as the answer is written (node's own way with that header),
 * the bytes the client is still sending would meet a closed socket: the kernel answers
 * them with a reset, and the client (a phone sending plans, fetch) reports a network error
 * instead of the French message already in its hands. So, as well-kept HTTP servers do,
 * the close lingers: the rest of the body is read and thrown away (never written anywhere)
 * until it ends, and the socket then closes cleanly; but never more than these bounds, so
 * a refused request still costs a bounded amount of reading
 * (docs/decisions/0004-api-conventions.md, "Refused uploads").
 */
export const LINGER = {
  /**
   * Silence after which the socket closes. Closing a socket the client no longer writes to
   * resets nothing (all it sent has been read), and a client that resumes after a second
   * has had the answer, and the end of the connection, for that long.
   */
  idleMs: 1000,
  /**
   * Time from the answer after which the socket closes, whatever still comes: several
   * round trips of a slow mobile link, for the answer to arrive and the client to stop.
   * A refused request holds its connection no longer.
   */
  totalMs: 5000,
  /**
   * Bytes read and thrown away from the refusal on: a whole small form, or the end of a
   * file a little over its 10 MB; a refused request thus reads at most its limit and this.
   * A phone (about 1 Mbit/s up) sends under 1 MB within `totalMs`: the time ends its
   * linger, this ends a fast client's.
   */
  maxBytes: 4 * 1024 * 1024,
} as const;

/**
 * Reads and discards the rest of `req`'s body from now on, and keeps its socket open after
 * the answer until the body ends or a bound of LINGER is passed. Call it before the answer
 * leaves, once the answer carries `Connection: close`.
 */
export function lingerAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  let read = 0;
  let idle: NodeJS.Timeout | undefined;
  const cut = () => socket.destroy();

  // Read here, so that it is counted: a body nobody reads, node reads itself, unseen.
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read <= LINGER.maxBytes) idle?.refresh();
    else if (idle) cut();
    // Past the bound before the answer has left: no more reading, node closes after it.
    else req.pause();
  });
  // Runs after node's own 'finish' listener (registered before the app saw the request):
  // for an answer with `Connection: close`, node 20 has just ended the socket's writing side
  // (the answer, then a FIN) and registered `socket.destroy` for when that is flushed
  // (socket.destroySoon). Taking that back keeps the socket reading; the tests of
  // tests/integration/hostile-uploads.test.ts fail if node stops doing it this way.
  res.once('finish', () => {
    // All read already, or the bound passed before the answer: node closes as it would.
    if (req.complete || read > LINGER.maxBytes) return;
    socket.removeListener('finish', socket.destroy);
    idle = setTimeout(cut, LINGER.idleMs);
    const total = setTimeout(cut, LINGER.totalMs);
    // The whole body is read: nothing unread, so the close is clean, once the answer is out.
    req.once('end', () => (socket.writableFinished ? cut() : socket.once('finish', cut)));
    socket.once('close', () => {
      clearTimeout(idle);
      clearTimeout(total);
    });
  });
}
