// A POST whose body is sent in two halves, on its own connection: between the halves the server
// has the request in hand and cannot have answered it, so a signal sent then is certain to find
// it in flight.
import { request } from 'node:http';

export interface HeldAnswer {
  status: number;
  body: string;
}

export interface HeldRequest {
  /** Sends the second half of the body. */
  finish(): void;
  /** The complete answer; rejects when the connection fails or closes before it. */
  answer: Promise<HeldAnswer>;
}

export function holdRequest(url: string, body: unknown, headers: Record<string, string>): HeldRequest {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  const outgoing = request(url, {
    method: 'POST',
    agent: false,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(bytes.length) },
  });
  const answer = new Promise<HeldAnswer>((resolve, reject) => {
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('aborted', () => {
        reject(new Error('the answer was cut off'));
      });
      response.on('end', () => {
        if (!response.complete) reject(new Error('the answer was cut off'));
        else resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
  });
  // The headers go out with the first half.
  outgoing.write(bytes.subarray(0, half));
  return {
    answer,
    finish: () => {
      outgoing.end(bytes.subarray(half));
    },
  };
}
