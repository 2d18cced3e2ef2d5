import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';

interface ParserError extends Error {
  code?: string;
}

// Node's HTTP parser error codes, said for a person.
const parserProblems: Record<string, { status: 400 | 408 | 431; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: 'The request line and headers are too large (the URL counts toward the limit)',
  },
  HPE_INVALID_METHOD: { status: 400, message: 'The request line has an unknown HTTP method' },
  HPE_INVALID_URL: { status: 400, message: 'The request line has a malformed URL' },
  HPE_INVALID_HEADER_TOKEN: { status: 400, message: 'A request header is malformed' },
  HPE_INVALID_CONTENT_LENGTH: { status: 400, message: 'The Content-Length header is malformed' },
  HPE_UNEXPECTED_CONTENT_LENGTH: {
    status: 400,
    message: 'The request has both Content-Length and Transfer-Encoding',
  },
  HPE_INVALID_TRANSFER_ENCODING: {
    status: 400,
    message: 'The Transfer-Encoding header is malformed',
  },
  HPE_INVALID_CHUNK_SIZE: { status: 400, message: 'The chunked request body is malformed' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};

/**
 * Answers requests that Node's HTTP parser refuses before they reach the app (a malformed
 * request line or header, headers over the size limit) in the API's error shape with a request
 * id, instead of Node's bare `400 Bad Request` with no body. Mount it with
 * `server.on('clientError', answerClientError(logger))`.
 */
export function answerClientError(logger: Logger) {
  return function onClientError(error: ParserError, socket: Duplex): void {
    // The client is gone (it reset the connection), so nobody would read an answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const problem = parserProblems[error.code ?? ''] ?? {
      status: 400,
      message: 'The request is not valid HTTP/1.1',
    };
    const requestId = randomUUID();
    const body = JSON.stringify({ error: { code: problem.status, message: problem.message } });
    socket.end(
      [
        `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${requestId}`,
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    logger.info(
      { requestId, status: problem.status, parserError: error.code },
      'refused a request the HTTP parser could not read',
    );
  };
}
