import { createParser } from 'eventsource-parser';

/** One server-sent event: its name (none for a plain message) and its data. */
export interface StreamedEvent {
  event: string | undefined;
  data: string;
}

/** The events of a whole `text/event-stream` body, read as a browser's EventSource reads them. */
export function parseEventStream(text: string): StreamedEvent[] {
  const events: StreamedEvent[] = [];
  const parser = createParser({
    onEvent: ({ event, data }) => events.push({ event, data }),
  });
  parser.feed(text);
  return events;
}

/** The JSON data of a stream's unnamed events, in order. */
export function eventData<T = unknown>(text: string): T[] {
  return parseEventStream(text)
    .filter((event) => event.event === undefined)
    .map((event) => JSON.parse(event.data) as T);
}
